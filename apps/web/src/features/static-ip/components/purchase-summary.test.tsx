import type { StaticIpQuote } from '@proxy/contract/static-ip/purchase'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoute } from '../../../test/render-route.tsx'
import { PurchaseConfirm } from './purchase-confirm.tsx'
import { PurchaseSummary } from './purchase-summary.tsx'

const quote = (over: Partial<StaticIpQuote> = {}): StaticIpQuote => ({
  unitPrice: 71.25,
  quantity: 1,
  durationDays: 90,
  discount: 5,
  saving: 3.75,
  total: 71.25,
  stock: 3,
  balance: 100,
  shortfall: 0,
  ...over,
})

const summary = (value: StaticIpQuote) =>
  renderRoute(
    <PurchaseSummary region="US" quote={value} isQuoting={false} error={null} onSubmit={() => {}} />,
    { path: '/', url: '/' },
  )

describe('static-IP buy summary: the discount', () => {
  it('shows the percentage and the money the term saves', () => {
    summary(quote())
    expect(screen.getByTestId('quote-discount').textContent).toBe('\u22125% · \u2212$3.75')
  })

  it('shows no discount line for a term without discount', () => {
    summary(quote({ discount: 0, saving: 0, durationDays: 30, unitPrice: 25, total: 25 }))
    expect(screen.queryByTestId('quote-discount')).toBeNull()
    expect(screen.queryByText('优惠')).toBeNull()
  })

  it('repeats the discount in the confirmation', async () => {
    renderRoute(
      <PurchaseConfirm
        isOpen
        region="US"
        quote={quote({ quantity: 2, saving: 7.5, total: 142.5 })}
        protocol="socks5"
        autoRenew={false}
        isPaying={false}
        error={null}
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
      { path: '/', url: '/' },
    )
    const modal = await screen.findByTestId('purchase-confirm')
    expect(modal.textContent).toContain('优惠')
    expect(modal.textContent).toContain('\u22125% · \u2212$7.50')
  })
})
