// /console/trafficFlowHistory: usage charts arrive with the traffic issue.
import { LineChartOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { FeaturePlaceholder } from '../../../shared/ui/feature-placeholder.tsx'

export const TrafficFlowHistoryPage = () => {
  const { t } = useTranslation(['traffic', 'common'])
  return (
    <FeaturePlaceholder
      icon={<LineChartOutlined />}
      title={t('common:titles.trafficFlowHistory')}
      description={t('history.description')}
      points={[t('history.points.chart'), t('history.points.filter'), t('history.points.detail')]}
    />
  )
}
