// /console/buyStaticIP: the purchase flow arrives with the catalogue issue; until then, what it will offer.
import { ShoppingOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { FeaturePlaceholder } from '../../../shared/ui/feature-placeholder.tsx'

export const BuyStaticIpPage = () => {
  const { t } = useTranslation(['static-ip', 'common'])
  return (
    <FeaturePlaceholder
      icon={<ShoppingOutlined />}
      title={t('common:titles.buyStaticIP')}
      description={t('buy.description')}
      points={[t('buy.points.region'), t('buy.points.quote'), t('buy.points.instant')]}
    />
  )
}
