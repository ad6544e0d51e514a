// Refunding what an order bought: a static IP (its unused whole days) or a traffic package (its unused
// bytes), each at the price paid, to the customer's wallet. The server computes the amount when the refund
// is made; the dialog says how (and for an IP how many unused days it has), asks for the item and a
// reason, confirms, then shows what came back.
import type { CustomerStaticIp } from '@proxy/contract/admin/customers'
import type { AdminOrder } from '@proxy/contract/admin/orders'
import type { Refund } from '@proxy/contract/admin/refunds'
import { formatBalance } from '@proxy/contract/wire'
import { Alert, Form, Input, Result, Select } from 'antd'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { type RefundTarget, useActiveStaticIps, useRefund } from '../../api/orders.ts'
import { type AdminT, useAdminT } from '../../app/i18n.ts'
import { ReasonStepsModal, type StepValues } from './reason-steps-modal.tsx'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const DAY_MS = 24 * 3600 * 1000

/** Which item an order's refund gives back: one of its static IPs, or its traffic package. */
export const refundTargetOf = (order: AdminOrder): RefundTarget =>
  order.kind === 'traffic' ? 'traffic' : 'static-ip'

/** Whole days left before the IP expires: what the server refunds (as it counts them now). */
export const unusedWholeDays = (expiresAt: string, now = Date.now()): number =>
  Math.max(0, Math.floor((Date.parse(expiresAt) - now) / DAY_MS))

const ipLabel = (t: AdminT, ip: CustomerStaticIp, order: AdminOrder) =>
  [
    `${ip.ip}:${ip.port}`,
    ip.regionId,
    t('orders.refund.unusedDays', { count: unusedWholeDays(ip.expiresAt) }),
    ip.orderNo === order.orderNo ? t('orders.refund.ofThisOrder') : null,
  ]
    .filter(Boolean)
    .join(' · ')

/** IPs this order bought first (a renewal's IPs cannot be told apart: all live IPs are offered). */
const byThisOrderFirst = (order: AdminOrder, ips: CustomerStaticIp[]) =>
  [...ips].sort((a, b) => Number(b.orderNo === order.orderNo) - Number(a.orderNo === order.orderNo))

type Props = { order: AdminOrder; onClose: () => void }

/** What both refunds share: the confirm button, the call with the dialog's key, and the answer shown. */
const useRefundSteps = (order: AdminOrder, onClose: () => void) => {
  const { t } = useAdminT()
  const refund = useRefund()
  return {
    confirmLabel: t('orders.refund.ok'),
    send: (values: StepValues, key: string) =>
      refund.mutateAsync({ target: refundTargetOf(order), id: values.id ?? '', reason: values.reason, key }),
    result: (answer: Refund) => <RefundResult order={order} answer={answer} />,
    onClose,
    'data-testid': 'refund',
  }
}

const StaticIpRefund = ({ order, onClose }: Props) => {
  const { t } = useAdminT()
  const steps = useRefundSteps(order, onClose)
  const ips = useActiveStaticIps(order.customerId)
  const choices = byThisOrderFirst(order, ips.data?.items ?? [])
  const chosen = (id: string | undefined) => choices.find((ip) => ip.id === id)

  return (
    <ReasonStepsModal<Refund>
      title={t('orders.refund.titleIp', { orderNo: order.orderNo })}
      intro={
        <>
          <Alert type="info" showIcon title={t('orders.refund.howIp')} />
          {ips.isSuccess && choices.length === 0 && (
            <Alert type="warning" showIcon title={t('orders.refund.noActiveIp')} data-testid="refund-no-ip" />
          )}
        </>
      }
      fields={
        <Form.Item
          name="id"
          label={t('orders.refund.idIp')}
          extra={t(order.kind === 'renewal' ? 'orders.refund.pickRenewed' : 'orders.refund.pickIp')}
          rules={[{ required: true, message: t('orders.refund.pickRule') }]}
        >
          <Select
            loading={ips.isPending}
            options={choices.map((ip) => ({ value: ip.id, label: ipLabel(t, ip, order) }))}
            placeholder={t('orders.refund.pickPlaceholder')}
            data-testid="refund-item"
          />
        </Form.Item>
      }
      review={(values) => {
        const ip = chosen(values.id)
        return (
          <Alert
            type="warning"
            showIcon
            title={t('orders.refund.confirmIp', {
              ip: ip ? `${ip.ip}:${ip.port}` : values.id,
              orderNo: order.orderNo,
              email: order.customerEmail,
            })}
            description={
              <>
                {ip &&
                  t('orders.refund.willRefundDays', {
                    count: unusedWholeDays(ip.expiresAt),
                    expiresAt: formatLocalDateTime(ip.expiresAt, { withSeconds: false }),
                  })}{' '}
                {t('orders.refund.irreversible')}
              </>
            }
          />
        )
      }}
      {...steps}
    />
  )
}

const TrafficRefund = ({ order, onClose }: Props) => {
  const { t } = useAdminT()
  const steps = useRefundSteps(order, onClose)
  return (
    <ReasonStepsModal<Refund>
      title={t('orders.refund.titleTraffic', { orderNo: order.orderNo })}
      intro={<Alert type="info" showIcon title={t('orders.refund.howTraffic')} />}
      fields={
        <Form.Item
          name="id"
          label={t('orders.refund.idTraffic')}
          extra={t('orders.refund.idTrafficHint')}
          rules={[{ required: true, pattern: UUID, message: t('orders.refund.idRule') }]}
        >
          <Input autoComplete="off" spellCheck={false} data-testid="refund-item" />
        </Form.Item>
      }
      review={(values) => (
        <Alert
          type="warning"
          showIcon
          title={t('orders.refund.confirmTraffic', {
            id: values.id,
            orderNo: order.orderNo,
            email: order.customerEmail,
          })}
          description={t('orders.refund.irreversible')}
        />
      )}
      {...steps}
    />
  )
}

const RefundResult = ({ order, answer }: { order: AdminOrder; answer: Refund }) => {
  const { t } = useAdminT()
  return (
    <Result
      status="success"
      title={t('orders.refund.done', { amount: formatBalance(answer.amount) })}
      subTitle={t('orders.refund.balance', {
        email: order.customerEmail,
        balance: formatBalance(answer.balance),
      })}
    />
  )
}

/** Mounted per opening (its Idempotency-Key is made then). */
export const RefundModal = (props: Props) =>
  refundTargetOf(props.order) === 'static-ip' ? <StaticIpRefund {...props} /> : <TrafficRefund {...props} />
