// The customer's traffic packages in the drawer, soonest expiry first and paged: plan (in the reader's
// language), status, bytes used of the total, expiry and the order that bought it.
import type { CustomerDetail, CustomerTrafficPackage } from '@proxy/contract/admin/customers'
import { Card, Empty, Flex, Progress, Skeleton, Tag, Typography } from 'antd'
import { useState } from 'react'
import type { Language } from '../../../shared/i18n/language.ts'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { useCustomerTrafficPackages } from '../../api/customers.ts'
import { useAdminT } from '../../app/i18n.ts'
import { DRAWER_PAGE_SIZE, DrawerPages } from './drawer-pages.tsx'

const STATUS_COLORS = { active: 'green', exhausted: 'default', expired: 'orange' } as const

/** The plan's name in the reader's language. */
export const planNameOf = (item: CustomerTrafficPackage, language: Language) =>
  language === 'en-US' ? item.planNameEn : item.planName

export const CustomerPackages = ({ customer }: { customer: CustomerDetail }) => {
  const { t, language } = useAdminT()
  const [page, setPage] = useState(1)
  const packages = useCustomerTrafficPackages(customer.id, { page, pageSize: DRAWER_PAGE_SIZE })
  const items = packages.data?.items ?? []
  const total = packages.data?.total ?? 0

  if (packages.isLoading) return <Skeleton active />
  if (items.length === 0) return <Empty description={t('customers.packages.empty')} />
  return (
    <Flex vertical gap={8} data-testid="customer-packages">
      {items.map((item) => (
        <Card key={item.id} size="small" data-testid={`package-${item.id}`}>
          <Flex vertical gap={2} style={{ minWidth: 0 }}>
            <Flex justify="space-between" gap={8} wrap align="center">
              <Typography.Text strong>{planNameOf(item, language)}</Typography.Text>
              <Tag color={STATUS_COLORS[item.status]}>{t(`customers.packages.statuses.${item.status}`)}</Tag>
            </Flex>
            <Progress
              percent={item.totalBytes > 0 ? Math.round((item.usedBytes / item.totalBytes) * 100) : 0}
              size="small"
              showInfo={false}
            />
            <Typography.Text>
              {t('customers.packages.used', {
                used: formatBytes(item.usedBytes),
                total: formatBytes(item.totalBytes),
              })}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('customers.packages.expires', { date: formatLocalDateTime(item.expiresAt) })}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
              {t('customers.packages.order', { orderNo: item.orderNo })}
            </Typography.Text>
          </Flex>
        </Card>
      ))}
      <DrawerPages page={page} total={total} onChange={setPage} />
    </Flex>
  )
}
