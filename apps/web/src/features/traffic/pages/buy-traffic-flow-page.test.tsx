import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { App } from 'antd'
import type { AxiosRequestConfig } from 'axios'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '../../../app/i18n.ts'
import { ApiError } from '../../../shared/http/api-error.ts'
import { http } from '../../../shared/http/client.ts'
import { copyText } from '../../../shared/lib/copy-text.ts'
import { BuyTrafficFlowPage } from './buy-traffic-flow-page.tsx'

// Whole pages under jsdom on a busy machine: findBy* and waitFor wait up to 8 s (the default 1 s flakes).
configure({ asyncUtilTimeout: 8_000 })

vi.mock('../../../shared/lib/copy-text.ts', () => ({ copyText: vi.fn(async () => true) }))

const GB = 1024 ** 3
const plans = [
  {
    id: 'gb-10',
    name: '10GB 月包',
    nameEn: '10 GB monthly',
    sizeBytes: 10 * GB,
    validityDays: 30,
    price: 30,
    pricePerGb: 3,
  },
  {
    id: 'gb-50',
    name: '50GB 月包',
    nameEn: '50 GB monthly',
    sizeBytes: 50 * GB,
    validityDays: 30,
    price: 120,
    pricePerGb: 2.4,
  },
]
const account = {
  username: 'tdemo',
  password: 'secret-pass',
  status: 'disabled',
  remainingBytes: 0,
  endpoints: [
    { host: 'gw.example.com', port: 1080, protocol: 'socks5' },
    { host: 'gw.example.com', port: 8080, protocol: 'http' },
  ],
}
const pack = (id: string) => ({
  id,
  planName: '10GB 月包',
  totalBytes: 10 * GB,
  usedBytes: 0,
  remainingBytes: 10 * GB,
  status: 'active',
  purchasedAt: '2025-01-01T00:00:00.000Z',
  expiresAt: '2025-01-31T00:00:00.000Z',
  orderNo: 'F20250101ABCDEFGHJK',
})
const order = {
  orderNo: 'F20250101ABCDEFGHJK',
  kind: 'traffic',
  status: 'paid',
  regionId: null,
  quantity: 2,
  durationDays: 30,
  protocol: null,
  unitPrice: 30,
  discount: 0,
  total: 60,
  createdAt: '2025-01-01T00:00:00.000Z',
}

type Answer = (config: AxiosRequestConfig) => unknown
let balance = 100
/** Added to every plan's price: an operator's price change between a quote and its confirmation. */
let priceChange = 0

// Priced as the server prices it: in cents, against the wallet's balance at the time.
const answerQuote: Answer = ({ data }) => {
  const { planId, quantity } = data as { planId: string; quantity: number }
  const plan = plans.find((item) => item.id === planId)
  if (!plan) throw new Error(`unexpected plan ${planId}`)
  const price = plan.price + priceChange
  const total = Math.round(price * 100) * quantity
  return {
    unitPrice: price,
    quantity,
    totalBytes: plan.sizeBytes * quantity,
    validityDays: plan.validityDays,
    total: total / 100,
    balance,
    shortfall: Math.max(0, total - Math.round(balance * 100)) / 100,
  }
}
let onPurchase: Answer = () => ({ order, packages: [pack('a'), pack('b')] })

const answers: Record<string, Answer> = {
  'GET /catalog/traffic-plans': () => ({ plans }),
  'GET /user/wallet': () => ({ wallet: { balance, currency: 'USD' }, usdCnyRate: 7.2 }),
  'GET /user/traffic-account': () => account,
  'POST /user/traffic-account/reset-password': () => ({ ...account, password: 'fresh-pass' }),
  'POST /orders/traffic/quote': answerQuote,
  'POST /orders/traffic': (config) => onPurchase(config),
}

const request = () => vi.mocked(http.request)

const renderPage = (url = '/console/buyTrafficFlow') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <App>
          <BuyTrafficFlowPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  )

// Whole antd pages in jsdom are slow on a busy machine.
describe('BuyTrafficFlowPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    balance = 100
    priceChange = 0
    onPurchase = () => ({ order, packages: [pack('a'), pack('b')] })
    vi.spyOn(http, 'request').mockImplementation(async (config) => {
      const answer = answers[`${config.method} ${config.url}`]
      if (!answer) throw new Error(`unexpected ${config.method} ${config.url}`)
      return answer(config)
    })
  })
  afterEach(() => vi.restoreAllMocks())

  it('prices the chosen plan and quantity against the wallet', async () => {
    renderPage()
    await screen.findByTestId('plan-gb-50')
    expect(screen.getByTestId('plan-gb-10').textContent).toContain('10 GB')
    expect(screen.getByTestId('plan-gb-10').textContent).toContain('$3.00/GB')
    await waitFor(() => expect(screen.getByTestId('quote-after').textContent).toBe('$70.00'))
    expect(screen.getByTestId('quote-total').textContent).toBe('$30.00')

    fireEvent.click(screen.getByTestId('plan-gb-50'))
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('$120.00'))
    expect(screen.queryByTestId('quote-after')).toBeNull()
    const shortfall = screen.getByTestId('quote-shortfall')
    expect(shortfall.textContent).toContain('$20.00')
    expect(within(shortfall).getByRole('link').getAttribute('href')).toBe('/console/recharge')
    expect(screen.getByTestId('buy-submit').hasAttribute('disabled')).toBe(true)

    fireEvent.click(screen.getByTestId('plan-gb-10'))
    fireEvent.change(screen.getByTestId('quantity'), { target: { value: '3' } })
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('$90.00'))
    expect(screen.getByTestId('quote-size').textContent).toBe('30 GB')
    expect(screen.getByTestId('quote-after').textContent).toBe('$10.00')
  })

  it('pays only after the confirmation, with an Idempotency-Key, and shows the result', async () => {
    renderPage()
    await waitFor(() => expect(screen.getByTestId('quote-after').textContent).toBe('$70.00'))
    fireEvent.change(screen.getByTestId('quantity'), { target: { value: '2' } })
    await waitFor(() => expect(screen.getByTestId('buy-submit').hasAttribute('disabled')).toBe(false))
    fireEvent.click(screen.getByTestId('buy-submit'))
    const confirm = await screen.findByTestId('purchase-confirm')
    expect(confirm.textContent).toContain('20 GB')
    expect(confirm.textContent).toContain('$60.00')
    expect(request().mock.calls.some(([config]) => config.url === '/orders/traffic')).toBe(false)

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确认支付' })))
    const result = await screen.findByTestId('purchase-result')
    expect(result.textContent).toContain(order.orderNo)
    expect(screen.getByTestId('result-packages').textContent).toBe('10GB 月包 × 2')
    expect(screen.getByTestId('result-size').textContent).toBe('20 GB')
    const [sent] = request().mock.calls.filter(([config]) => config.url === '/orders/traffic')
    expect(sent?.[0]).toMatchObject({ method: 'POST', data: { planId: 'gb-10', quantity: 2 }, silent: true })
    expect(sent?.[0].headers?.['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/)
    // The wallet is read again after paying.
    await waitFor(() =>
      expect(request().mock.calls.filter(([config]) => config.url === '/user/wallet').length).toBeGreaterThan(
        1,
      ),
    )
  })

  it('offers a top-up when the server finds the balance too low', async () => {
    onPurchase = () => {
      throw new ApiError('Your wallet balance is too low', 3001, 422)
    }
    renderPage()
    await waitFor(() => expect(screen.getByTestId('quote-after').textContent).toBe('$70.00'))
    fireEvent.click(screen.getByTestId('buy-submit'))
    await screen.findByTestId('purchase-confirm')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确认支付' })))
    const error = await screen.findByTestId('purchase-error')
    expect(error.textContent).toContain('钱包余额不足')
    expect(within(error).getByRole('link').getAttribute('href')).toBe('/console/recharge')
    expect(screen.queryByTestId('purchase-result')).toBeNull()
  })

  it('sends the confirmed total and, when the price changed since the quote, says so and prices again', {
    timeout: 60_000,
  }, async () => {
    onPurchase = () => {
      priceChange = 3
      throw new ApiError('The price has changed since your quote; quote again', 3120, 409)
    }
    renderPage()
    await waitFor(() => expect(screen.getByTestId('quote-after').textContent).toBe('$70.00'))
    fireEvent.click(screen.getByTestId('buy-submit'))
    await screen.findByTestId('purchase-confirm')
    expect(screen.getByTestId('confirm-total').textContent).toBe('$30.00')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确认支付' })))
    const error = await screen.findByTestId('purchase-error')
    expect(error.textContent).toContain('价格已变')
    expect(screen.queryByTestId('purchase-result')).toBeNull()
    // The quote is read again: the confirmation now shows the new total, and confirming sends it.
    await waitFor(() => expect(screen.getByTestId('confirm-total').textContent).toBe('$33.00'))
    onPurchase = () => ({ order: { ...order, total: 33 }, packages: [pack('a')] })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确认支付' })))
    await screen.findByTestId('purchase-result')
    const sent = request()
      .mock.calls.map(([config]) => config)
      .filter((config) => config.url === '/orders/traffic')
    expect(sent.map((config) => config.data)).toEqual([
      { planId: 'gb-10', quantity: 1, expectedTotal: 30 },
      { planId: 'gb-10', quantity: 1, expectedTotal: 33 },
    ])
  })

  it('shows the traffic account with masked password, connection strings and a confirmed reset', async () => {
    renderPage()
    await screen.findByTestId('account-username')
    expect(screen.getByTestId('account-username').textContent).toBe('tdemo')
    expect(screen.getByTestId('account-password').textContent).not.toContain('secret-pass')
    expect(screen.getByTestId('account-status').textContent).toBe('未启用')
    expect(screen.getByTestId('account-remaining').textContent).toBe('0 B')
    const socks = screen.getByTestId('endpoint-socks5')
    expect(within(socks).getByTestId('endpoint-address').textContent).toBe('gw.example.com:1080')
    expect(within(socks).getByTestId('endpoint-url').textContent).not.toContain('secret-pass')

    // The copy takes the real password even while it is hidden.
    const [copyAddress, copyUrl] = within(socks).getAllByRole('button', { name: /复制/ })
    await act(async () => fireEvent.click(copyAddress as HTMLElement))
    expect(copyText).toHaveBeenLastCalledWith('gw.example.com:1080')
    await act(async () => fireEvent.click(copyUrl as HTMLElement))
    expect(copyText).toHaveBeenLastCalledWith('socks5://tdemo:secret-pass@gw.example.com:1080')

    fireEvent.click(screen.getByTestId('account-reveal'))
    expect(screen.getByTestId('account-password').textContent).toBe('secret-pass')
    expect(within(screen.getByTestId('endpoint-http')).getByTestId('endpoint-url').textContent).toBe(
      'http://tdemo:secret-pass@gw.example.com:8080',
    )

    fireEvent.click(screen.getByTestId('reset-traffic-password'))
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain('旧密码立即失效')
    expect(request().mock.calls.some(([config]) => config.url?.endsWith('reset-password'))).toBe(false)
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '重置密码' })))
    await waitFor(() => expect(screen.getByTestId('account-password').textContent).toBe('fresh-pass'))
  })

  it("explains sticky sessions with copyable usernames built from the customer's own", async () => {
    renderPage()
    const sticky = await screen.findByTestId('sticky-session')
    expect(within(sticky).getByTestId('sticky-default').textContent).toBe('tdemo-session-abc123')
    expect(within(sticky).getByTestId('sticky-custom').textContent).toBe('tdemo-session-abc123-sessTime-30')
    expect(sticky.textContent).toContain('10 分钟内保持同一个出口 IP')
    expect(sticky.textContent).toContain('1–120 分钟')
    expect(sticky.textContent).toContain('1–64 位字母、数字或下划线')
    const [copyDefault, copyCustom] = within(sticky).getAllByRole('button', { name: /复制/ })
    await act(async () => fireEvent.click(copyCustom as HTMLElement))
    expect(copyText).toHaveBeenLastCalledWith('tdemo-session-abc123-sessTime-30')
    await act(async () => fireEvent.click(copyDefault as HTMLElement))
    expect(copyText).toHaveBeenLastCalledWith('tdemo-session-abc123')
  })

  it('opens with the plan the portal linked to (/console/router-buy?plan=…) chosen and priced', async () => {
    renderPage('/console/router-buy?plan=gb-50')
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('$120.00'))
    const quotes = request()
      .mock.calls.map(([config]) => config)
      .filter((config) => config.url === '/orders/traffic/quote')
    expect(quotes.map((config) => (config.data as { planId: string }).planId)).toEqual(['gb-50'])
  })

  it('falls back to the first plan for a plan that is not on sale', async () => {
    renderPage('/console/router-buy?plan=gone')
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('$30.00'))
  })
})
