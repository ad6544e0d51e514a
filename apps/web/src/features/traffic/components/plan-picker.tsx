// Plans as cards: name, size, validity, price and the price per GB that makes sizes comparable.
import type { TrafficPlan } from '@proxy/contract/traffic/endpoints'
import { Col, Empty, Flex, Row, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { OptionCard } from '../../../shared/ui/option-card.tsx'
import { planName } from './traffic-package.ts'

type Props = { plans: TrafficPlan[]; value: string | null; onChange: (planId: string) => void }

const PlanBody = ({ plan }: { plan: TrafficPlan }) => {
  const { t, i18n } = useTranslation('traffic')
  const { token } = theme.useToken()
  return (
    <Flex vertical gap={token.marginXXS} style={{ width: '100%' }}>
      <Flex justify="space-between" align="baseline" gap={token.marginXS}>
        <Typography.Text
          strong
          style={{ color: 'inherit', fontSize: token.fontSizeHeading4, whiteSpace: 'nowrap' }}
          data-testid="plan-size"
        >
          {formatBytes(plan.sizeBytes, i18n.language)}
        </Typography.Text>
        <Money amount={plan.price} strong style={{ fontSize: token.fontSizeLG }} />
      </Flex>
      <Typography.Text ellipsis style={{ color: 'inherit', minWidth: 0 }}>
        {planName(plan, i18n.language)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {t('validity', { count: plan.validityDays })}
        {' · '}
        <Money amount={plan.pricePerGb} />
        {t('buy.perGb')}
      </Typography.Text>
    </Flex>
  )
}

export const PlanPicker = ({ plans, value, onChange }: Props) => {
  const { t } = useTranslation('traffic')
  const { token } = theme.useToken()
  if (plans.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('buy.noPlans')} />
  return (
    <Row gutter={[token.marginSM, token.marginSM]}>
      {plans.map((plan) => (
        <Col key={plan.id} xs={24} sm={12} xxl={8}>
          <OptionCard
            name="plan"
            isSelected={plan.id === value}
            onSelect={() => onChange(plan.id)}
            minHeight={96}
            data-testid={`plan-${plan.id}`}
          >
            <PlanBody plan={plan} />
          </OptionCard>
        </Col>
      ))}
    </Row>
  )
}
