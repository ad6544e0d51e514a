// Three numbers over the package list: traffic left, packages in use and the next expiry.
import { CalendarOutlined, CloudServerOutlined, DatabaseOutlined } from '@ant-design/icons'
import { Card, Col, Flex, Row, Skeleton, Typography, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { daysLeft } from '../../../shared/lib/days-left.ts'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'

export type PackageSummary = { remainingBytes: number; activeCount: number; nextExpiry: string | null }

type CardProps = {
  icon: ReactNode
  color: string
  background: string
  label: string
  value: ReactNode
  note?: ReactNode
  isLoading: boolean
  testId: string
}

const SummaryCard = ({ icon, color, background, label, value, note, isLoading, testId }: CardProps) => {
  const { token } = theme.useToken()
  // On a phone two cards share a row, so the icon makes way for the number.
  const isNarrow = useIsNarrow()
  return (
    <Card
      variant="borderless"
      style={{ height: '100%' }}
      styles={{ body: isNarrow ? { padding: token.padding } : {} }}
    >
      <Flex align="center" gap={token.margin}>
        {!isNarrow && (
          <span
            aria-hidden="true"
            style={{
              flex: 'none',
              width: 44,
              height: 44,
              borderRadius: token.borderRadiusLG,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontSize: 20,
              color,
              background,
            }}
          >
            {icon}
          </span>
        )}
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text type="secondary">{label}</Typography.Text>
          {isLoading ? (
            <Skeleton.Input active size="small" style={{ marginTop: 4 }} />
          ) : (
            <Typography.Text
              strong
              style={{
                fontSize: token.fontSizeHeading3,
                lineHeight: 1.3,
                fontVariantNumeric: 'tabular-nums',
              }}
              data-testid={testId}
            >
              {value}
            </Typography.Text>
          )}
          {note && !isLoading && (
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
              {note}
            </Typography.Text>
          )}
        </Flex>
      </Flex>
    </Card>
  )
}

export const PackageSummaryCards = ({ summary }: { summary: PackageSummary | undefined }) => {
  const { t, i18n } = useTranslation('traffic')
  const { token } = theme.useToken()
  const isLoading = summary === undefined
  const nextExpiry = summary?.nextExpiry ?? null
  return (
    <Row gutter={[token.margin, token.margin]}>
      <Col xs={12} md={8}>
        <SummaryCard
          icon={<DatabaseOutlined />}
          color={token.colorPrimary}
          background={token.colorPrimaryBg}
          label={t('packs.remaining')}
          value={formatBytes(summary?.remainingBytes ?? 0, i18n.language)}
          isLoading={isLoading}
          testId="traffic-remaining"
        />
      </Col>
      <Col xs={12} md={8}>
        <SummaryCard
          icon={<CloudServerOutlined />}
          color={token.colorSuccess}
          background={token.colorSuccessBg}
          label={t('packs.activeCount')}
          value={summary?.activeCount ?? 0}
          isLoading={isLoading}
          testId="traffic-active-count"
        />
      </Col>
      <Col xs={24} md={8}>
        <SummaryCard
          icon={<CalendarOutlined />}
          color={token.colorWarning}
          background={token.colorWarningBg}
          label={t('packs.nextExpiry')}
          value={nextExpiry ? formatLocalDateTime(nextExpiry).slice(0, 10) : '—'}
          note={nextExpiry ? t('packs.daysLeft', { count: daysLeft(nextExpiry) }) : t('packs.noExpiry')}
          isLoading={isLoading}
          testId="traffic-next-expiry"
        />
      </Col>
    </Row>
  )
}
