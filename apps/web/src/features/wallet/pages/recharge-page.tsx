// /console/recharge: choose an amount and a channel, create the order, continue at the checkout counter.
import type { TopUpChannel } from '@proxy/contract/wallet/topups'
import { Card, Col, Flex, Row, Typography, theme } from 'antd'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { isApiError } from '../../../shared/http/api-error.ts'
import { describeApiError } from '../../../shared/http/describe-error.ts'
import { randomId } from '../../../shared/lib/random-id.ts'
import { checkoutPath } from '../../../shared/lib/wallet-paths.ts'
import { useCreateTopUp } from '../api/create-top-up.ts'
import { type AmountChoice, AmountPicker, type CustomAmountInput } from '../components/amount-picker.tsx'
import { checkTopUpAmount } from '../components/amount-rules.ts'
import { ChannelPicker } from '../components/channel-picker.tsx'
import { RechargeSummary } from '../components/recharge-summary.tsx'

export const RechargePage = () => {
  const { t } = useTranslation('wallet')
  const { token } = theme.useToken()
  const navigate = useNavigate()
  const [choice, setChoice] = useState<AmountChoice>({ preset: 100, custom: null })
  const [channel, setChannel] = useState<TopUpChannel>('alipay')
  const [isChecked, setIsChecked] = useState(false)
  const createTopUp = useCreateTopUp()
  const customRef = useRef<CustomAmountInput>(null)

  const amount = choice.preset ?? choice.custom
  const problem = checkTopUpAmount(amount)
  const visibleProblem = isChecked || choice.custom !== null ? problem : null

  const onChange = (next: AmountChoice) => {
    setChoice(next)
    createTopUp.reset()
  }

  const onSubmit = () => {
    setIsChecked(true)
    if (problem !== null) {
      // Show where the problem is (on a phone the field is a screen above the button).
      customRef.current?.nativeElement?.scrollIntoView({ block: 'center', behavior: 'smooth' })
      customRef.current?.focus({ preventScroll: true })
      return
    }
    if (amount === null || createTopUp.isPending) return
    // A new key for every click; the mutation's own retries of this click send the same one.
    createTopUp.mutate(
      { input: { amount, channel }, idempotencyKey: randomId() },
      { onSuccess: (order) => navigate(checkoutPath(order.orderNo)) },
    )
  }

  const error = createTopUp.error
  const errorText = error ? (isApiError(error) ? describeApiError(error) : t('recharge.failed')) : null

  return (
    <Row gutter={[token.marginLG, token.marginLG]}>
      <Col xs={24} lg={15} xl={16}>
        <Card variant="borderless">
          <Flex vertical gap={token.marginLG}>
            <section>
              <Typography.Title level={5} style={{ marginTop: 0, marginBottom: token.margin }}>
                {t('recharge.amountTitle')}
              </Typography.Title>
              <AmountPicker
                value={choice}
                onChange={onChange}
                problem={visibleProblem}
                inputRef={customRef}
              />
            </section>
            <section>
              <Typography.Title level={5} style={{ marginTop: 0, marginBottom: token.margin }}>
                {t('recharge.channelTitle')}
              </Typography.Title>
              <ChannelPicker
                value={channel}
                onChange={(next) => {
                  setChannel(next)
                  createTopUp.reset()
                }}
              />
            </section>
          </Flex>
        </Card>
      </Col>
      <Col xs={24} lg={9} xl={8}>
        <div style={{ position: 'sticky', top: 64 + token.marginLG }}>
          <RechargeSummary
            amount={problem === null ? amount : null}
            channel={channel}
            isSubmitting={createTopUp.isPending}
            error={errorText}
            onSubmit={onSubmit}
          />
        </div>
      </Col>
    </Row>
  )
}
