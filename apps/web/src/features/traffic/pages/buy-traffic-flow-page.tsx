// /console/buyTrafficFlow: traffic package purchase arrives with the traffic issue.
import { ThunderboltOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { FeaturePlaceholder } from '../../../shared/ui/feature-placeholder.tsx'

export const BuyTrafficFlowPage = () => {
  const { t } = useTranslation(['traffic', 'common'])
  return (
    <FeaturePlaceholder
      icon={<ThunderboltOutlined />}
      title={t('common:titles.buyTrafficFlow')}
      description={t('buy.description')}
      points={[t('buy.points.size'), t('buy.points.validity'), t('buy.points.instant')]}
    />
  )
}
