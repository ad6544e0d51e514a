// Bytes up, down and both over the chosen range, as three statistic cards (side by side on phones too).
import { ArrowDownOutlined, ArrowUpOutlined, SwapOutlined } from '@ant-design/icons'
import { Card, Col, Row, Statistic, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'

type Props = {
  upBytes: number | undefined
  downBytes: number | undefined
  isLoading: boolean
  isNarrow: boolean
}

export const UsageTotals = ({ upBytes, downBytes, isLoading, isNarrow }: Props) => {
  const { t, i18n } = useTranslation('traffic', { keyPrefix: 'usage' })
  const { token } = theme.useToken()
  const total = upBytes === undefined || downBytes === undefined ? undefined : upBytes + downBytes
  const cards: { key: string; title: string; icon: ReactNode; color: string; bytes: number | undefined }[] = [
    {
      key: 'usage-total-up',
      title: t('totals.up'),
      icon: <ArrowUpOutlined />,
      color: token.colorSuccess,
      bytes: upBytes,
    },
    {
      key: 'usage-total-down',
      title: t('totals.down'),
      icon: <ArrowDownOutlined />,
      color: token.colorPrimary,
      bytes: downBytes,
    },
    {
      key: 'usage-total',
      title: t('totals.total'),
      icon: <SwapOutlined />,
      color: token.colorText,
      bytes: total,
    },
  ]
  return (
    <Row gutter={[isNarrow ? token.marginXS : token.margin, token.margin]}>
      {cards.map((card) => (
        <Col key={card.key} span={8}>
          <Card
            variant="borderless"
            size="small"
            style={{ height: '100%' }}
            styles={{ body: { padding: isNarrow ? token.paddingSM : token.paddingMD } }}
          >
            <Statistic
              title={
                <span style={{ whiteSpace: 'nowrap' }}>
                  <span style={{ color: card.color }}>{card.icon}</span> {card.title}
                </span>
              }
              loading={isLoading}
              value={card.bytes ?? 0}
              styles={{ content: { fontSize: isNarrow ? token.fontSizeLG : token.fontSizeHeading3 } }}
              formatter={() => (
                <span
                  style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                  data-testid={card.key}
                >
                  {card.bytes === undefined ? '--' : formatBytes(card.bytes, i18n.language)}
                </span>
              )}
            />
          </Card>
        </Col>
      ))}
    </Row>
  )
}
