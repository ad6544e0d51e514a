// Refunding what an order bought: a static IP (its unused whole days) or a traffic package (its unused
// bytes), each at the price paid, to the customer's wallet. The server computes the amount when the refund
// is made; the dialog says how (and for an IP how many unused days it has), offers the customer's live
// items (this order's first), asks for a reason, confirms, then shows what came back.
import type { CustomerStaticIp, CustomerTrafficPackage } from '@proxy/contract/admin/customers'
import type { AdminOrder } from '@proxy/contract/admin/orders'
import type { Refund } from '@proxy/contract/admin/refunds'
import { formatBalance } from '@proxy/contract/wire'
import { Alert, Form, Result, Select } from 'antd'
import type { Language } from '../../../shared/i18n/language.ts'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { useActiveTrafficPackages } from '../../api/customers.ts'
import { type RefundTarget, useActiveStaticIps, useRefund } from '../../api/orders.ts'
import { type AdminT, useAdminT } from '../../app/i18n.ts'
import { planNameOf } from '../customers/customer-packages.tsx'
import { ReasonStepsModal, type StepValues } from './reason-steps-modal.tsx'

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

const packageName = (item: CustomerTrafficPackage, language: Language) =>
  `${planNameOf(item, language)} · ${item.id.slice(0, 8)}`

const packageLabel = (t: AdminT, language: Language, item: CustomerTrafficPackage, order: AdminOrder) =>
  [
    packageName(item, language),
    t('customers.packages.left', { left: formatBytes(item.remainingBytes) }),
    t('customers.packages.expires', { date: formatLocalDateTime(item.expiresAt, { withSeconds: false }) }),
    item.orderNo === order.orderNo ? t('customers.packages.ofThisOrder') : null,
  ]
    .filter(Boolean)
    .join(' · ')

/**
 * Items this order bought first (a renewal's IPs cannot be told apart: all live IPs are offered; any live
 * package may be chosen too).
 */
const byThisOrderFirst = <T extends { orderNo: string | null }>(order: AdminOrder, items: T[]) =>
  [...items].sort((a, b) => Number(b.orderNo === order.orderNo) - Number(a.orderNo === order.orderNo))

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

/** The dialog's first step for either item: how it is refunded, a warning when none is live, the pick. */
type Choice = {
  how: string
  none: string
  noneTestId: string
  label: string
  extra: string
  rule: string
  placeholder: string
  query: { isPending: boolean; isSuccess: boolean }
  options: { value: string; label: string }[]
}

const choiceSteps = (choice: Choice) => ({
  intro: (
    <>
      <Alert type="info" showIcon title={choice.how} />
      {choice.query.isSuccess && choice.options.length === 0 && (
        <Alert type="warning" showIcon title={choice.none} data-testid={choice.noneTestId} />
      )}
    </>
  ),
  fields: (
    <Form.Item
      name="id"
      label={choice.label}
      extra={choice.extra}
      rules={[{ required: true, message: choice.rule }]}
    >
      <Select
        loading={choice.query.isPending}
        options={choice.options}
        placeholder={choice.placeholder}
        data-testid="refund-item"
      />
    </Form.Item>
  ),
})

const StaticIpRefund = ({ order, onClose }: Props) => {
  const { t } = useAdminT()
  const steps = useRefundSteps(order, onClose)
  const ips = useActiveStaticIps(order.customerId)
  const choices = byThisOrderFirst(order, ips.data?.items ?? [])
  const chosen = (id: string | undefined) => choices.find((ip) => ip.id === id)

  return (
    <ReasonStepsModal<Refund>
      title={t('orders.refund.titleIp', { orderNo: order.orderNo })}
      {...choiceSteps({
        how: t('orders.refund.howIp'),
        none: t('orders.refund.noActiveIp'),
        noneTestId: 'refund-no-ip',
        label: t('orders.refund.idIp'),
        extra: t(order.kind === 'renewal' ? 'orders.refund.pickRenewed' : 'orders.refund.pickIp'),
        rule: t('orders.refund.pickRule'),
        placeholder: t('orders.refund.pickPlaceholder'),
        query: ips,
        options: choices.map((ip) => ({ value: ip.id, label: ipLabel(t, ip, order) })),
      })}
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
  const { t, language } = useAdminT()
  const steps = useRefundSteps(order, onClose)
  const packages = useActiveTrafficPackages(order.customerId)
  const choices = byThisOrderFirst(order, packages.data?.items ?? [])
  const chosen = (id: string | undefined) => choices.find((item) => item.id === id)

  return (
    <ReasonStepsModal<Refund>
      title={t('orders.refund.titleTraffic', { orderNo: order.orderNo })}
      {...choiceSteps({
        how: t('orders.refund.howTraffic'),
        none: t('customers.packages.noneLive'),
        noneTestId: 'refund-no-package',
        label: t('customers.sections.packages'),
        extra: t('customers.packages.pick'),
        rule: t('customers.packages.pickRule'),
        placeholder: t('customers.packages.pickPlaceholder'),
        query: packages,
        options: choices.map((item) => ({ value: item.id, label: packageLabel(t, language, item, order) })),
      })}
      review={(values) => {
        const item = chosen(values.id)
        return (
          <Alert
            type="warning"
            showIcon
            title={t('orders.refund.confirmTraffic', {
              id: item ? packageName(item, language) : values.id,
              orderNo: order.orderNo,
              email: order.customerEmail,
            })}
            description={t('orders.refund.irreversible')}
          />
        )
      }}
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
