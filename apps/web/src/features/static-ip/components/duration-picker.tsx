// Terms as cards with their discount; the unit price follows the chosen region.
import type { DurationDays, Region } from '@proxy/contract/static-ip/catalog'
import { Col, Flex, Row, Tag, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { Money } from '../../../shared/ui/money.tsx'
import { OptionCard } from '../../../shared/ui/option-card.tsx'

type Props = {
  prices: Region['prices']
  value: DurationDays
  onChange: (days: DurationDays) => void
  name?: string
}

export const DurationPicker = ({ prices, value, onChange, name = 'duration' }: Props) => {
  const { t } = useTranslation('static-ip')
  const { token } = theme.useToken()
  return (
    <Row gutter={[token.marginSM, token.marginSM]}>
      {prices.map((price) => (
        <Col key={price.durationDays} xs={12} md={6}>
          <OptionCard
            name={name}
            isSelected={price.durationDays === value}
            onSelect={() => onChange(price.durationDays as DurationDays)}
            minHeight={72}
            data-testid={`${name}-${price.durationDays}`}
          >
            <Flex vertical align="center" gap={2}>
              <Typography.Text strong style={{ color: 'inherit', whiteSpace: 'nowrap' }}>
                {t('days', { count: price.durationDays })}
              </Typography.Text>
              <Flex align="center" gap={token.marginXXS} style={{ fontSize: token.fontSizeSM }}>
                <Typography.Text type="secondary" style={{ fontSize: 'inherit' }}>
                  <Money amount={price.unitPrice} />
                </Typography.Text>
                {price.discountPercent > 0 && (
                  <Tag
                    color="red"
                    bordered={false}
                    style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '18px' }}
                  >
                    {t('buy.discount', { percent: price.discountPercent })}
                  </Tag>
                )}
              </Flex>
            </Flex>
          </OptionCard>
        </Col>
      ))}
    </Row>
  )
}
