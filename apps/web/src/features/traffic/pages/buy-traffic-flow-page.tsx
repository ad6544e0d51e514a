// /console/buyTrafficFlow: choose a plan and a quantity, see the server's price against the wallet, confirm and pay;
// the traffic account those packages pay for sits below. /console/router-buy?plan=… is the same page with that plan chosen.
import type { Order } from '@proxy/contract/orders/endpoints'
import { TRAFFIC_MAX_QUANTITY, type TrafficPackage } from '@proxy/contract/traffic/endpoints'
import type { TrafficOrderInput } from '@proxy/contract/traffic/purchase'
import { Card, Col, Flex, InputNumber, Row, Skeleton, Typography, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useWallet } from '../../../shared/api/get-wallet.ts'
import { isApiError } from '../../../shared/http/api-error.ts'
import { describeApiError } from '../../../shared/http/describe-error.ts'
import { randomId } from '../../../shared/lib/random-id.ts'
import { useDebounced } from '../../../shared/lib/use-debounced.ts'
import { ChoiceSection } from '../../../shared/ui/buy-flow/choice-section.tsx'
import type { PayProblem } from '../../../shared/ui/buy-flow/confirm-modal.tsx'
import { isPriceChanged } from '../../../shared/ui/buy-flow/price-changed.ts'
import { useTrafficPlans } from '../api/get-traffic-plans.ts'
import { usePurchaseTraffic } from '../api/purchase-traffic.ts'
import { useTrafficQuote } from '../api/quote-traffic.ts'
import { PlanPicker } from '../components/plan-picker.tsx'
import { TrafficAccountCard } from '../components/traffic-account-card.tsx'
import { TrafficConfirm } from '../components/traffic-confirm.tsx'
import { planName } from '../components/traffic-package.ts'
import { clampQuantity } from '../components/traffic-quote.ts'
import { TrafficResult } from '../components/traffic-result.tsx'
import { TrafficSummary } from '../components/traffic-summary.tsx'

const QUOTE_DELAY_MS = 300

type Bought = { order: Order; packages: TrafficPackage[]; planLabel: string }

export const BuyTrafficFlowPage = () => {
  const { t, i18n } = useTranslation('traffic')
  const { token } = theme.useToken()
  const plans = useTrafficPlans()
  const balance = useWallet().data?.wallet.balance
  const [searchParams] = useSearchParams()
  const [chosenPlanId, setPlanId] = useState<string | null>(() => searchParams.get('plan'))
  const [quantity, setQuantity] = useState(1)
  const [isConfirming, setIsConfirming] = useState(false)
  const [bought, setBought] = useState<Bought | null>(null)
  const purchase = usePurchaseTraffic()

  const list = plans.data?.plans ?? []
  // Until the customer picks, the first plan is chosen.
  const plan = list.find((item) => item.id === chosenPlanId) ?? list[0]
  const input: TrafficOrderInput | null = plan ? { planId: plan.id, quantity } : null
  const quoteInput = useDebounced(input, QUOTE_DELAY_MS)
  const quote = useTrafficQuote(quoteInput)
  const isQuoting = quote.isFetching || JSON.stringify(quoteInput) !== JSON.stringify(input)
  const quoteError = quote.error
    ? isApiError(quote.error)
      ? describeApiError(quote.error)
      : t('buy.failed')
    : null

  const onConfirm = () => {
    if (!plan || !input || !quote.data || purchase.isPending) return
    // A fresh key for each confirmation: the same order is never paid twice, a new one always is. The
    // total confirmed goes along: if the price changed since the quote, the server refuses and we price again.
    purchase.mutate(
      { input: { ...input, expectedTotal: quote.data.total }, idempotencyKey: randomId() },
      {
        onSuccess: ({ order, packages }) => {
          setIsConfirming(false)
          setBought({ order, packages, planLabel: planName(plan, i18n.language) })
        },
        onError: (error) => {
          if (isPriceChanged(error)) void quote.refetch()
        },
      },
    )
  }

  const problem: PayProblem | null = purchase.error
    ? {
        text: isApiError(purchase.error) ? describeApiError(purchase.error) : t('buy.failed'),
        rechargeLabel:
          isApiError(purchase.error) && purchase.error.errorName === 'INSUFFICIENT_BALANCE'
            ? t('buy.recharge')
            : undefined,
      }
    : null

  if (bought)
    return (
      <Flex vertical gap={token.marginLG}>
        <TrafficResult
          {...bought}
          onAgain={() => {
            setBought(null)
            purchase.reset()
          }}
        />
        <TrafficAccountCard />
      </Flex>
    )

  return (
    <Row gutter={[token.marginLG, token.marginLG]}>
      <Col xs={24} lg={15} xl={16}>
        <Card variant="borderless" style={{ height: '100%' }}>
          {plans.isPending ? (
            <Skeleton active />
          ) : (
            <Flex vertical gap={token.marginLG}>
              <ChoiceSection title={t('buy.planTitle')}>
                <PlanPicker plans={list} value={plan?.id ?? null} onChange={setPlanId} />
              </ChoiceSection>
              {plan && (
                <ChoiceSection title={t('buy.quantityTitle')}>
                  <InputNumber
                    min={1}
                    max={TRAFFIC_MAX_QUANTITY}
                    precision={0}
                    value={quantity}
                    onChange={(value) => setQuantity(clampQuantity(value))}
                    mode="spinner"
                    style={{ width: 160 }}
                    aria-label={t('buy.quantityTitle')}
                    data-testid="quantity"
                  />
                  <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
                    {t('buy.maxQuantity', { max: TRAFFIC_MAX_QUANTITY })}
                  </Typography.Text>
                </ChoiceSection>
              )}
            </Flex>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={9} xl={8}>
        <div style={{ position: 'sticky', top: 64 + token.marginLG }}>
          <TrafficSummary
            plan={plan}
            quote={plan ? quote.data : undefined}
            balance={balance}
            isQuoting={isQuoting}
            error={quoteError}
            onSubmit={() => {
              purchase.reset()
              setIsConfirming(true)
            }}
          />
        </div>
      </Col>
      <Col xs={24}>
        <TrafficAccountCard />
      </Col>
      {plan && quote.data && (
        <TrafficConfirm
          isOpen={isConfirming}
          plan={plan}
          quote={quote.data}
          isPaying={purchase.isPending || (isPriceChanged(purchase.error) && quote.isFetching)}
          problem={problem}
          onConfirm={onConfirm}
          onCancel={() => setIsConfirming(false)}
        />
      )}
    </Row>
  )
}
