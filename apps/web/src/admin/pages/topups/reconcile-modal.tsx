// Reconciling one top-up: the console asks the payment gateway (each time the dialog opens, or on "ask
// again") and shows its answer beside ours. Only when the gateway has the order paid with our yuan amount
// and ours is not yet paid may the operator mark it paid — with a reason and a confirmation.
import type { AdminTopUp, TopUpGatewayCheck } from '@proxy/contract/admin/orders'
import { formatBalance, formatYuan } from '@proxy/contract/wire'
import { Alert, Button, Descriptions, Flex, Modal, Result, Skeleton } from 'antd'
import { useState } from 'react'
import { isApiError } from '../../../shared/http/api-error.ts'
import { useGatewayCheck, useMarkPaid } from '../../api/topups.ts'
import { describeAdminError } from '../../app/http.ts'
import { type AdminT, useAdminT } from '../../app/i18n.ts'
import { ReasonStepsModal } from '../orders/reason-steps-modal.tsx'
import { TopUpStatusTag } from './topup-status-tag.tsx'

/** What the operator should make of the gateway's answer. */
const verdict = (t: AdminT, check: TopUpGatewayCheck) => {
  if (check.canMarkPaid) return { type: 'warning' as const, text: t('topups.reconcile.canMarkPaid') }
  if (check.topUp.status === 'paid')
    return { type: 'success' as const, text: t('topups.reconcile.alreadyPaid') }
  if (check.gateway === null) return { type: 'info' as const, text: t('topups.reconcile.unknown') }
  if (check.gateway.isPaid) return { type: 'error' as const, text: t('topups.reconcile.mismatch') }
  return { type: 'info' as const, text: t('topups.reconcile.notPaid') }
}

const GatewayAnswer = ({ check }: { check: TopUpGatewayCheck }) => {
  const { t } = useAdminT()
  const { gateway, topUp } = check
  const { type, text } = verdict(t, check)
  return (
    <Flex vertical gap={12}>
      <Alert type={type} showIcon title={text} data-testid="reconcile-verdict" />
      <Descriptions column={1} bordered size="small" data-testid="reconcile-answer">
        <Descriptions.Item label={t('topups.reconcile.ours')}>
          <Flex gap={8} wrap align="center">
            <TopUpStatusTag status={topUp.status} />
            <span>{formatYuan(topUp.cnyAmount)}</span>
            <span>({formatBalance(topUp.amount)})</span>
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t('topups.reconcile.gatewayPaid')}>
          {gateway === null
            ? t('topups.reconcile.noAnswer')
            : t(gateway.isPaid ? 'topups.reconcile.yes' : 'topups.reconcile.no')}
        </Descriptions.Item>
        <Descriptions.Item label={t('topups.reconcile.gatewayAmount')}>
          {gateway?.cnyAmount == null ? '—' : formatYuan(gateway.cnyAmount)}
        </Descriptions.Item>
        <Descriptions.Item label={t('topups.reconcile.tradeNo')}>
          <span style={{ wordBreak: 'break-all' }}>{gateway?.tradeNo ?? topUp.gatewayTradeNo ?? '—'}</span>
        </Descriptions.Item>
      </Descriptions>
    </Flex>
  )
}

const MarkPaidModal = ({ topUp, onClose }: { topUp: AdminTopUp; onClose: () => void }) => {
  const { t } = useAdminT()
  const markPaid = useMarkPaid(topUp.orderNo)
  const credit = { amount: formatBalance(topUp.amount), email: topUp.customerEmail, orderNo: topUp.orderNo }
  return (
    <ReasonStepsModal<AdminTopUp>
      title={t('topups.markPaid.title', { orderNo: topUp.orderNo })}
      intro={<Alert type="info" showIcon title={t('topups.markPaid.intro')} />}
      review={() => (
        <Alert
          type="warning"
          showIcon
          title={t('topups.markPaid.confirm', credit)}
          description={t('topups.markPaid.irreversible')}
        />
      )}
      confirmLabel={t('topups.markPaid.ok')}
      send={(values, key) => markPaid.mutateAsync({ reason: values.reason, key })}
      result={(answer) => (
        <Result
          status="success"
          title={t('topups.markPaid.done', { ...credit, amount: formatBalance(answer.amount) })}
          subTitle={<TopUpStatusTag status={answer.status} />}
        />
      )}
      onClose={onClose}
      data-testid="mark-paid"
    />
  )
}

export const ReconcileModal = ({ topUp, onClose }: { topUp: AdminTopUp; onClose: () => void }) => {
  const { t } = useAdminT()
  const check = useGatewayCheck(topUp.orderNo)
  const [isMarking, setIsMarking] = useState(false)
  const canMarkPaid = check.data?.canMarkPaid === true && !check.isFetching
  return (
    <Modal
      open
      title={t('topups.reconcile.title', { orderNo: topUp.orderNo })}
      onCancel={onClose}
      footer={
        <Flex gap={8} justify="flex-end" wrap>
          <Button
            onClick={() => void check.refetch()}
            loading={check.isFetching}
            data-testid="reconcile-again"
          >
            {t('topups.reconcile.again')}
          </Button>
          {canMarkPaid && (
            <Button type="primary" danger onClick={() => setIsMarking(true)} data-testid="mark-paid-open">
              {t('topups.markPaid.action')}
            </Button>
          )}
          <Button onClick={onClose}>{t('topups.close')}</Button>
        </Flex>
      }
    >
      {check.data ? (
        <GatewayAnswer check={check.data} />
      ) : check.isError ? (
        <Alert
          type="error"
          showIcon
          title={isApiError(check.error) ? describeAdminError(check.error) : t('topups.reconcile.failed')}
          data-testid="reconcile-error"
        />
      ) : (
        <Skeleton active />
      )}
      {isMarking && check.data && (
        <MarkPaidModal topUp={check.data.topUp} onClose={() => setIsMarking(false)} />
      )}
    </Modal>
  )
}
