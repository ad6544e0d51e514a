// The customer's static IPs in the drawer, newest first and paged: address, region, status and expiry,
// and for an operator who manages the inventory, a replacement of an active IP's address.
import type { CustomerDetail, CustomerStaticIp } from '@proxy/contract/admin/customers'
import { Button, Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd'
import { useState } from 'react'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { regionLabel } from '../../../shared/ui/region-name.tsx'
import { useCustomerStaticIps } from '../../api/customers.ts'
import { useAdminT } from '../../app/i18n.ts'
import { useCan } from '../../app/operator-context.ts'
import { DRAWER_PAGE_SIZE, DrawerPages } from './drawer-pages.tsx'
import { ReplaceAddressModal } from './replace-address-modal.tsx'

const STATUS_COLORS = { active: 'green', expired: 'orange', released: 'default' } as const

export const CustomerStaticIps = ({ customer }: { customer: CustomerDetail }) => {
  const { t, language } = useAdminT()
  const can = useCan()
  const [page, setPage] = useState(1)
  const [replacing, setReplacing] = useState<CustomerStaticIp | null>(null)
  const ips = useCustomerStaticIps(customer.id, page, DRAWER_PAGE_SIZE)
  const total = ips.data?.total ?? 0

  return (
    <>
      {ips.isLoading ? (
        <Skeleton active />
      ) : (ips.data?.items ?? []).length === 0 ? (
        <Empty description={t('customers.ips.empty')} />
      ) : (
        <Flex vertical gap={8} data-testid="customer-ips">
          {(ips.data?.items ?? []).map((ip) => (
            <Card key={ip.id} size="small" data-testid={`customer-ip-${ip.id}`}>
              <Flex justify="space-between" align="start" gap={8} wrap>
                <Flex vertical gap={2} style={{ minWidth: 0 }}>
                  <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                    {ip.ip}:{ip.port}
                  </Typography.Text>
                  <Flex gap={8} wrap align="center">
                    <Tag color={STATUS_COLORS[ip.status]}>{t(`customers.ips.statuses.${ip.status}`)}</Tag>
                    <Typography.Text type="secondary">{regionLabel(ip, language)}</Typography.Text>
                  </Flex>
                  <Typography.Text type="secondary">
                    {t('customers.ips.expires', { date: formatLocalDateTime(ip.expiresAt) })}
                  </Typography.Text>
                </Flex>
                {can('inventory.manage') && ip.status === 'active' && (
                  <Button size="small" onClick={() => setReplacing(ip)} data-testid={`replace-${ip.id}`}>
                    {t('customers.replace.action')}
                  </Button>
                )}
              </Flex>
            </Card>
          ))}
          <DrawerPages page={page} total={total} onChange={setPage} />
        </Flex>
      )}
      <ReplaceAddressModal customer={customer} ip={replacing} onClose={() => setReplacing(null)} />
    </>
  )
}
