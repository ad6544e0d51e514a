// /console/ipOrderList: purchase and renewal orders arrive with the orders issue.
import { ProfileOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { FeaturePlaceholder } from '../../../shared/ui/feature-placeholder.tsx'

export const IpOrderListPage = () => {
  const { t } = useTranslation(['orders', 'common'])
  return (
    <FeaturePlaceholder
      icon={<ProfileOutlined />}
      title={t('common:titles.ipOrderList')}
      description={t('list.description')}
      points={[t('list.points.status'), t('list.points.amount'), t('list.points.ips')]}
    />
  )
}
