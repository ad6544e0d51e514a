// /paySuccess?orderNo=…: where the gateway returns the customer. Polls the order until it is paid (or gives up
// after two minutes), then shows the credited amount and the new balance.
import { Button, Card, ConfigProvider, Flex, Result, theme } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { CenteredScreen } from '../../../shared/ui/centered-screen.tsx'
import { LanguageSwitch } from '../../../shared/ui/language-switch.tsx'
import { Logo } from '../../../shared/ui/logo.tsx'
import { PageSpin } from '../../../shared/ui/page-spin.tsx'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { isOrderNo, useTopUp } from '../api/get-top-up.ts'
import { useRemainingMs } from '../components/countdown.ts'
import { OrderEnded } from '../components/order-ended.tsx'
import { orderState } from '../components/order-state.ts'
import { PayActions } from '../components/pay-actions.tsx'
import { PayPaid } from '../components/pay-paid.tsx'
import { PayPending } from '../components/pay-pending.tsx'
import { TopUpAgain } from '../components/top-up-again.tsx'
import { isMissingOrder, TopUpLoadFailed, TopUpNotFound } from '../components/top-up-lookup.tsx'

const POLL_MS = 2000
const GIVE_UP_MS = 2 * 60_000

const ResultOf = ({ orderNo }: { orderNo: string }) => {
  const { t } = useTranslation('wallet')
  const [pollingSince, setPollingSince] = useState(() => Date.now())
  const [hasGivenUp, setHasGivenUp] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setHasGivenUp(true), pollingSince + GIVE_UP_MS - Date.now())
    return () => clearTimeout(timer)
  }, [pollingSince])

  const query = useTopUp(orderNo, {
    pollEvery: (order) => (order?.status === 'pending' && !hasGivenUp ? POLL_MS : false),
  })
  const order = query.data
  const remainingMs = useRemainingMs(order?.expiresAt)

  if (order) {
    const state = orderState(order, remainingMs)
    if (state === 'paid') return <PayPaid order={order} />
    if (state === 'payable')
      return (
        <PayPending
          order={order}
          hasGivenUp={hasGivenUp}
          onCheckAgain={() => {
            setHasGivenUp(false)
            setPollingSince(Date.now())
            void query.refetch()
          }}
        />
      )
    return (
      <OrderEnded
        order={order}
        state={state}
        extra={
          <PayActions>
            <TopUpAgain />
          </PayActions>
        }
      />
    )
  }
  if (query.isPending) return <PageSpin />
  if (isMissingOrder(query.error))
    return <TopUpNotFound orderNo={orderNo} extra={<PayActions />} testId="pay-not-found" />
  return (
    <TopUpLoadFailed
      title={t('paySuccess.loadFailed')}
      error={query.error}
      extra={
        <PayActions>
          <Button type="primary" onClick={() => void query.refetch()}>
            {t('actions.retry')}
          </Button>
        </PayActions>
      }
    />
  )
}

export const PaySuccessPage = () => {
  const { t } = useTranslation('wallet')
  const { token } = theme.useToken()
  const isNarrow = useIsNarrow()
  const orderNo = useSearchParams()[0].get('orderNo')?.trim() ?? ''
  return (
    <CenteredScreen>
      <Card
        variant="borderless"
        style={{ boxShadow: token.boxShadowTertiary }}
        styles={{ body: { padding: isNarrow ? token.padding : token.paddingLG } }}
      >
        <Flex justify="space-between" align="center" gap={token.marginSM} wrap>
          <Logo />
          <LanguageSwitch />
        </Flex>
        {/* The card already pads its content: no side padding of its own for the result. */}
        <ConfigProvider theme={{ components: { Result: { paddingXL: 0 } } }}>
          {!orderNo ? (
            <Result
              status="info"
              title={<span data-testid="pay-result-title">{t('paySuccess.noOrderTitle')}</span>}
              subTitle={t('paySuccess.noOrderText')}
              extra={<PayActions isConsolePrimary />}
              data-testid="pay-no-order"
            />
          ) : isOrderNo(orderNo) ? (
            <ResultOf key={orderNo} orderNo={orderNo} />
          ) : (
            <TopUpNotFound orderNo={orderNo} extra={<PayActions />} testId="pay-not-found" />
          )}
        </ConfigProvider>
      </Card>
    </CenteredScreen>
  )
}
