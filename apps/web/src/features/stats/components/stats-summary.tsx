// The range's totals: tunnels asked for, succeeded, failed, the success rate and the peak open at once.
import type { TunnelStatsFigures } from '@proxy/contract/stats/endpoints'
import { Card, Col, Row, Statistic } from 'antd'
import { useTranslation } from 'react-i18next'
import { successRate } from './stats-rows.ts'

export const StatsSummary = ({
  totals,
  isLoading,
}: {
  totals: TunnelStatsFigures | undefined
  isLoading: boolean
}) => {
  const { t } = useTranslation('stats')
  const rate = totals ? successRate(totals) : null
  const figures = [
    { key: 'opened', value: totals?.opened },
    { key: 'succeeded', value: totals?.succeeded },
    { key: 'failed', value: totals?.failed },
    { key: 'rate', value: rate === null ? '—' : `${rate}%` },
    { key: 'peak', value: totals?.peakConcurrent },
  ] as const
  return (
    <Row gutter={[12, 12]} data-testid="stats-summary">
      {figures.map(({ key, value }) => (
        <Col key={key} xs={12} sm={8} lg={key === 'peak' ? 4 : 5}>
          <Card variant="borderless" size="small">
            <Statistic
              title={t(`figures.${key}`)}
              value={value ?? 0}
              loading={isLoading}
              data-testid={`stats-total-${key}`}
            />
          </Card>
        </Col>
      ))}
    </Row>
  )
}
