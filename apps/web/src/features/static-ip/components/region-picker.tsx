// Regions as cards: flag, country and city, ISP type, price per 30 days and stock; sold-out ones cannot be chosen.
import type { Region } from '@proxy/contract/static-ip/catalog'
import { Col, Empty, Flex, Row, Tag, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { Money } from '../../../shared/ui/money.tsx'
import { OptionCard } from '../../../shared/ui/option-card.tsx'
import { RegionName } from '../../../shared/ui/region-name.tsx'

type Props = { regions: Region[]; value: string | null; onChange: (regionId: string) => void }

const RegionBody = ({ region }: { region: Region }) => {
  const { t } = useTranslation('static-ip')
  const { token } = theme.useToken()
  const hasStock = region.stock > 0
  return (
    <Flex vertical gap={token.marginXS} style={{ width: '100%' }}>
      <Flex justify="space-between" align="center" gap={token.marginXS}>
        <Typography.Text strong ellipsis style={{ color: 'inherit', minWidth: 0 }}>
          <RegionName region={region} />
        </Typography.Text>
        <Tag style={{ marginInlineEnd: 0 }}>{t(`isp.${region.ispType}`)}</Tag>
      </Flex>
      <Flex justify="space-between" align="baseline" gap={token.marginXS}>
        <span style={{ whiteSpace: 'nowrap' }}>
          <Money amount={region.pricePer30Days} strong style={{ fontSize: token.fontSizeLG }} />
          <Typography.Text type="secondary">{t('buy.perPeriod')}</Typography.Text>
        </span>
        {hasStock ? (
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }} data-testid="region-stock">
            {t('buy.stock', { count: region.stock })}
          </Typography.Text>
        ) : (
          <Tag color="default" style={{ marginInlineEnd: 0 }}>
            {t('buy.soldOut')}
          </Tag>
        )}
      </Flex>
    </Flex>
  )
}

export const RegionPicker = ({ regions, value, onChange }: Props) => {
  const { t } = useTranslation('static-ip')
  const { token } = theme.useToken()
  if (regions.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('buy.noRegions')} />
  return (
    <Row gutter={[token.marginSM, token.marginSM]}>
      {regions.map((region) => (
        <Col key={region.id} xs={24} sm={12} xxl={8}>
          {region.stock > 0 ? (
            <OptionCard
              name="region"
              isSelected={region.id === value}
              onSelect={() => onChange(region.id)}
              minHeight={84}
              data-testid={`region-${region.id}`}
            >
              <RegionBody region={region} />
            </OptionCard>
          ) : (
            <div
              aria-disabled="true"
              data-testid={`region-${region.id}`}
              style={{
                minHeight: 84,
                padding: `${token.paddingSM}px ${token.padding}px`,
                display: 'flex',
                alignItems: 'center',
                borderRadius: token.borderRadiusLG,
                border: `1px dashed ${token.colorBorder}`,
                background: token.colorBgContainerDisabled,
                color: token.colorTextDisabled,
                cursor: 'not-allowed',
              }}
            >
              <RegionBody region={region} />
            </div>
          )}
        </Col>
      ))}
    </Row>
  )
}
