// /console/checkout-counter?orderNo=…: pay or cancel a top-up order; polls it and moves on once it is paid.
import { FileSearchOutlined } from '@ant-design/icons'
import { Button, Card, ConfigProvider, Result, theme } from 'antd'
import type { ReactNode } from 'react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { paySuccessPath, TOPUP_ORDERS_PATH } from '../../../shared/lib/wallet-paths.ts'
import { PageSpin } from '../../../shared/ui/page-spin.tsx'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { isOrderNo, useTopUp } from '../api/get-top-up.ts'
import { CheckoutOrder } from '../components/checkout-order.tsx'
import { useRemainingMs } from '../components/countdown.ts'
import { OrderEnded } from '../components/order-ended.tsx'
import { orderState } from '../components/order-state.ts'
import { TopUpAgain } from '../components/top-up-again.tsx'
import { isMissingOrder, TopUpLoadFailed, TopUpNotFound } from '../components/top-up-lookup.tsx'

const POLL_MS = 3000

const Frame = ({ children }: { children: ReactNode }) => {
  const { token } = theme.useToken()
  const isNarrow = useIsNarrow()
  return (
    <Card
      variant="borderless"
      style={{ maxWidth: 680, margin: '0 auto' }}
      styles={{ body: { padding: isNarrow ? token.padding : token.paddingLG } }}
    >
      {/* The card already pads its content: no side padding of its own for results. */}
      <ConfigProvider theme={{ components: { Result: { paddingXL: 0 } } }}>{children}</ConfigProvider>
    </Card>
  )
}

const CheckoutOf = ({ orderNo }: { orderNo: string }) => {
  const { t } = useTranslation('wallet')
  const navigate = useNavigate()
  const query = useTopUp(orderNo, {
    pollEvery: (order) =>
      order?.status === 'pending' && new Date(order.expiresAt).getTime() > Date.now() ? POLL_MS : false,
  })
  const order = query.data
  const remainingMs = useRemainingMs(order?.expiresAt)
  const state = order ? orderState(order, remainingMs) : null
  const { refetch } = query

  useEffect(() => {
    if (state === 'paid') navigate(paySuccessPath(orderNo), { replace: true })
    // Paid in the last seconds? The server asks the gateway once more.
    if (state === 'expired') void refetch()
  }, [state, orderNo, navigate, refetch])

  if (order && state) {
    if (state === 'paid') return <PageSpin />
    if (state === 'payable' && order.payUrl)
      return <CheckoutOrder order={{ ...order, payUrl: order.payUrl }} remainingMs={remainingMs} />
    if (state !== 'payable')
      return (
        <OrderEnded
          order={order}
          state={state}
          extra={[
            <TopUpAgain key="again" />,
            <Button key="orders" onClick={() => navigate(TOPUP_ORDERS_PATH)}>
              {t('actions.viewOrders')}
            </Button>,
          ]}
        />
      )
  }
  if (query.isPending) return <PageSpin />
  if (isMissingOrder(query.error)) return <NotFound orderNo={orderNo} />
  return (
    <TopUpLoadFailed
      title={t('checkout.loadFailed')}
      error={query.error}
      extra={
        <Button type="primary" onClick={() => void refetch()}>
          {t('actions.retry')}
        </Button>
      }
    />
  )
}

const NotFound = ({ orderNo }: { orderNo: string }) => (
  <TopUpNotFound orderNo={orderNo} extra={<TopUpAgain isFirst />} testId="checkout-not-found" />
)

export const CheckoutCounterPage = () => {
  const { t } = useTranslation('wallet')
  const orderNo = useSearchParams()[0].get('orderNo')?.trim() ?? ''
  if (!orderNo)
    return (
      <Frame>
        <Result
          icon={<FileSearchOutlined />}
          title={t('checkout.missingTitle')}
          subTitle={t('checkout.missingText')}
          extra={<TopUpAgain isFirst />}
          data-testid="checkout-missing"
        />
      </Frame>
    )
  return (
    <Frame>
      {isOrderNo(orderNo) ? <CheckoutOf key={orderNo} orderNo={orderNo} /> : <NotFound orderNo={orderNo} />}
    </Frame>
  )
}
