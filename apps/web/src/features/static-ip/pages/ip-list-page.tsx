// /console/ipList: the customer's proxy instances arrive with the instances issue.
import { DatabaseOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { FeaturePlaceholder } from '../../../shared/ui/feature-placeholder.tsx'

export const IpListPage = () => {
  const { t } = useTranslation(['static-ip', 'common'])
  return (
    <FeaturePlaceholder
      icon={<DatabaseOutlined />}
      title={t('common:titles.ipList')}
      description={t('list.description')}
      points={[t('list.points.renew'), t('list.points.export'), t('list.points.usage')]}
    />
  )
}
