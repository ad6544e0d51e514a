// The top-up amount: preset cards or a custom amount with its validation message.
import { formatBalance, TOPUP_MAX, TOPUP_MIN } from '@proxy/contract/wire'
import { Col, Flex, type GetRef, InputNumber, Row, Typography, theme } from 'antd'
import type { Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { OptionCard } from '../../../shared/ui/option-card.tsx'
import type { AmountProblem } from './amount-rules.ts'

export const PRESET_AMOUNTS = [10, 50, 100, 200, 500, 1000] as const

export type AmountChoice = { preset: number | null; custom: number | null }
export type CustomAmountInput = GetRef<typeof InputNumber>

type Props = {
  value: AmountChoice
  onChange: (value: AmountChoice) => void
  /** Shown under the custom field once the customer has typed there or tried to pay. */
  problem: AmountProblem | null
  inputRef?: Ref<CustomAmountInput>
}

const LIMITS = { min: formatBalance(TOPUP_MIN), max: formatBalance(TOPUP_MAX) }

export const AmountPicker = ({ value, onChange, problem, inputRef }: Props) => {
  const { t } = useTranslation('wallet')
  const { token } = theme.useToken()
  const isCustom = value.preset === null
  return (
    <Flex vertical gap={token.margin}>
      <Row gutter={[token.marginSM, token.marginSM]}>
        {PRESET_AMOUNTS.map((amount) => (
          <Col key={amount} xs={8} sm={8} md={8} xl={4}>
            <OptionCard
              name="topup-amount"
              isSelected={value.preset === amount}
              onSelect={() => onChange({ preset: amount, custom: null })}
              data-testid={`amount-option-${amount}`}
            >
              <span style={{ fontSize: token.fontSizeHeading4, fontWeight: 600, whiteSpace: 'nowrap' }}>
                {`$${amount.toLocaleString('en-US')}`}
              </span>
            </OptionCard>
          </Col>
        ))}
      </Row>
      <Flex vertical gap={token.marginXXS}>
        <Typography.Text type="secondary">{t('recharge.customLabel')}</Typography.Text>
        <InputNumber<number>
          ref={inputRef}
          size="large"
          prefix="$"
          inputMode="decimal"
          value={value.custom}
          onFocus={() => {
            if (!isCustom) onChange({ preset: null, custom: null })
          }}
          onChange={(custom) => onChange({ preset: null, custom })}
          placeholder={t('recharge.customPlaceholder', LIMITS)}
          status={isCustom && problem ? 'error' : undefined}
          style={{ width: '100%', maxWidth: 360 }}
          aria-label={t('recharge.customLabel')}
          data-testid="custom-amount"
        />
        <Typography.Text
          type={isCustom && problem ? 'danger' : 'secondary'}
          style={{ fontSize: token.fontSizeSM, minHeight: token.lineHeightSM * token.fontSizeSM }}
          data-testid="amount-help"
        >
          {isCustom && problem ? t(`recharge.problems.${problem}`, LIMITS) : t('recharge.limits', LIMITS)}
        </Typography.Text>
      </Flex>
    </Flex>
  )
}
