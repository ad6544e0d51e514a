// /console/businessFlow: the wallet ledger arrives with the billing issue.
import { AccountBookOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { FeaturePlaceholder } from '../../../shared/ui/feature-placeholder.tsx'

export const BusinessFlowPage = () => {
  const { t } = useTranslation(['billing', 'common'])
  return (
    <FeaturePlaceholder
      icon={<AccountBookOutlined />}
      title={t('common:titles.businessFlow')}
      description={t('flow.description')}
      points={[t('flow.points.types'), t('flow.points.balance'), t('flow.points.orders')]}
    />
  )
}
