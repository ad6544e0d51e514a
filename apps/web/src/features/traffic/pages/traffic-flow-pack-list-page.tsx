// /console/trafficFlowPackList: the customer's traffic packages arrive with the traffic issue.
import { AppstoreOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { FeaturePlaceholder } from '../../../shared/ui/feature-placeholder.tsx'

export const TrafficFlowPackListPage = () => {
  const { t } = useTranslation(['traffic', 'common'])
  return (
    <FeaturePlaceholder
      icon={<AppstoreOutlined />}
      title={t('common:titles.trafficFlowPackList')}
      description={t('packs.description')}
      points={[t('packs.points.remaining'), t('packs.points.expiry'), t('packs.points.status')]}
    />
  )
}
