// /console/recharge: top-up through the payment gateway arrives with the payments issue.
import { WalletOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { FeaturePlaceholder } from '../../../shared/ui/feature-placeholder.tsx'

export const RechargePage = () => {
  const { t } = useTranslation(['wallet', 'common'])
  return (
    <FeaturePlaceholder
      icon={<WalletOutlined />}
      title={t('common:titles.recharge')}
      description={t('recharge.description')}
      points={[t('recharge.points.amount'), t('recharge.points.gateway'), t('recharge.points.instant')]}
    />
  )
}
