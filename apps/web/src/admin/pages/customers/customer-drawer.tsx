// One customer in a drawer: account, wallet, IPs, traffic and security, and the actions the operator's
// permissions allow (suspend / restore, wallet adjustment, a password-reset mail); below, tabs for the
// static IPs (each with its address replacement), traffic packages and wallet ledger, and links to the
// customer's orders and top-ups.
import { Button, Descriptions, Drawer, Flex, Skeleton, Tabs, Typography } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { useCustomer } from '../../api/customers.ts'
import { useAdminT } from '../../app/i18n.ts'
import { useCan } from '../../app/operator-context.ts'
import { AdjustmentModal } from './adjustment-modal.tsx'
import { CustomerLedger } from './customer-ledger.tsx'
import { CustomerPackages } from './customer-packages.tsx'
import { CustomerStaticIps } from './customer-static-ips.tsx'
import { CustomerStatusTag } from './customer-status-tag.tsx'
import { PasswordResetModal } from './password-reset-modal.tsx'
import { SuspensionModal } from './suspension-modal.tsx'

export const CustomerDrawer = ({ id, onClose }: { id: string | null; onClose: () => void }) => {
  const { t } = useAdminT()
  const can = useCan()
  const isNarrow = useIsNarrow()
  const customer = useCustomer(id)
  const [dialog, setDialog] = useState<'suspension' | 'adjustment' | 'reset-mail' | null>(null)
  const detail = customer.data
  const yesNo = (value: boolean) => t(value ? 'customers.yes' : 'customers.no')

  const actions = detail && (
    <Flex gap={8} wrap>
      {can('customers.suspend') && (
        <Button
          danger={detail.status === 'active'}
          onClick={() => setDialog('suspension')}
          data-testid="customer-suspension"
        >
          {t(detail.status === 'active' ? 'customers.suspend.action' : 'customers.restore.action')}
        </Button>
      )}
      {can('customers.reset-password') && (
        <Button onClick={() => setDialog('reset-mail')} data-testid="customer-reset-mail">
          {t('customers.resetMail.action')}
        </Button>
      )}
      {can('wallet.adjust') && (
        <Button type="primary" onClick={() => setDialog('adjustment')} data-testid="customer-adjust">
          {t('customers.adjust.action')}
        </Button>
      )}
    </Flex>
  )

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={t('customers.detail.title')}
      size={isNarrow ? '100%' : 560}
      extra={isNarrow ? undefined : actions}
      footer={isNarrow ? actions : undefined}
      data-testid="customer-drawer"
    >
      {!detail ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={1} bordered size="small" data-testid="customer-detail">
            <Descriptions.Item label={t('customers.email')}>{detail.email}</Descriptions.Item>
            <Descriptions.Item label={t('customers.detail.id')}>
              <Typography.Text copyable code>
                {detail.id}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('customers.status')}>
              <CustomerStatusTag status={detail.status} />
            </Descriptions.Item>
            {detail.suspendedAt && (
              <Descriptions.Item label={t('customers.detail.suspendedAt')}>
                {formatLocalDateTime(detail.suspendedAt)}
              </Descriptions.Item>
            )}
            {detail.suspendReason && (
              <Descriptions.Item label={t('customers.detail.suspendReason')}>
                {detail.suspendReason}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('customers.verified')}>
              {yesNo(detail.emailVerified)}
            </Descriptions.Item>
            <Descriptions.Item label={t('customers.balance')}>
              <Money amount={detail.balance} strong />
            </Descriptions.Item>
            <Descriptions.Item label={t('customers.activeStaticIps')}>
              {detail.activeStaticIps}
            </Descriptions.Item>
            <Descriptions.Item label={t('customers.detail.traffic')}>
              {formatBytes(detail.trafficRemainingBytes)}
            </Descriptions.Item>
            <Descriptions.Item label={t('customers.detail.twoFactor')}>
              {yesNo(detail.twoFactorEnabled)}
            </Descriptions.Item>
            <Descriptions.Item label={t('customers.detail.sessions')}>
              {detail.activeSessions}
            </Descriptions.Item>
            <Descriptions.Item label={t('customers.createdAt')}>
              {formatLocalDateTime(detail.createdAt)}
            </Descriptions.Item>
          </Descriptions>
          {can('orders.read') && (
            <Flex gap={16} wrap style={{ marginTop: 16 }} data-testid="customer-links">
              <Link to={`/orders?customer=${encodeURIComponent(detail.email)}`} data-testid="customer-orders">
                {t('customers.links.orders')}
              </Link>
              <Link to={`/topups?customer=${encodeURIComponent(detail.email)}`} data-testid="customer-topups">
                {t('customers.links.topups')}
              </Link>
            </Flex>
          )}
          <Tabs
            key={detail.id}
            style={{ marginTop: 8 }}
            data-testid="customer-tabs"
            items={[
              {
                key: 'ips',
                label: t('customers.ips.title'),
                children: <CustomerStaticIps customer={detail} />,
              },
              {
                key: 'packages',
                label: t('customers.sections.packages'),
                children: <CustomerPackages customer={detail} />,
              },
              {
                key: 'ledger',
                label: t('customers.sections.ledger'),
                children: <CustomerLedger customer={detail} />,
              },
            ]}
          />
          <SuspensionModal customer={detail} open={dialog === 'suspension'} onClose={() => setDialog(null)} />
          <AdjustmentModal customer={detail} open={dialog === 'adjustment'} onClose={() => setDialog(null)} />
          <PasswordResetModal
            customer={detail}
            open={dialog === 'reset-mail'}
            onClose={() => setDialog(null)}
          />
        </>
      )}
    </Drawer>
  )
}
