// A customer's status as a coloured tag.
import type { CustomerStatus } from '@proxy/contract/admin/customers'
import { Tag } from 'antd'
import { useAdminT } from '../../app/i18n.ts'

export const CustomerStatusTag = ({ status }: { status: CustomerStatus }) => {
  const { t } = useAdminT()
  return <Tag color={status === 'active' ? 'green' : 'red'}>{t(`customers.statuses.${status}`)}</Tag>
}
