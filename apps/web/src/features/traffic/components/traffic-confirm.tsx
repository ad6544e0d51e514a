// The last look before money moves: the plan, how much traffic, until when, and what it costs.
import type { TrafficPlan } from '@proxy/contract/traffic/endpoints'
import { Alert, Descriptions, Modal, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { RECHARGE_PATH } from '../../../shared/lib/wallet-paths.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { planName } from './traffic-package.ts'
import type { TrafficQuote } from './traffic-quote.ts'

export type PurchaseProblem = { text: string; isShort: boolean }

type Props = {
  isOpen: boolean
  plan: TrafficPlan
  quantity: number
  quote: TrafficQuote
  isPaying: boolean
  problem: PurchaseProblem | null
  onConfirm: () => void
  onCancel: () => void
}

export const TrafficConfirm = ({ isOpen, plan, quantity, quote, isPaying, problem, ...on }: Props) => {
  const { t, i18n } = useTranslation(['traffic', 'common'])
  return (
    <Modal
      open={isOpen}
      title={t('confirm.title')}
      okText={t('confirm.ok')}
      cancelText={t('common:actions.cancel')}
      onOk={on.onConfirm}
      onCancel={on.onCancel}
      confirmLoading={isPaying}
      mask={{ closable: !isPaying }}
      destroyOnHidden
    >
      <div data-testid="purchase-confirm">
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            { key: 'plan', label: t('buy.plan'), children: planName(plan, i18n.language) },
            { key: 'quantity', label: t('buy.quantity'), children: quantity },
            {
              key: 'size',
              label: t('buy.totalSize'),
              children: formatBytes(quote.totalBytes, i18n.language),
            },
            {
              key: 'validity',
              label: t('buy.validity'),
              children: t('days', { count: plan.validityDays }),
            },
            {
              key: 'total',
              label: t('confirm.total'),
              children: <Money amount={quote.total} strong data-testid="confirm-total" />,
            },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: problem ? 12 : 0 }}>
          {t('confirm.note')}
        </Typography.Paragraph>
        {problem && (
          <Alert
            type="error"
            showIcon
            data-testid="purchase-error"
            title={
              <span>
                {problem.text}
                {problem.isShort && (
                  <>
                    {' · '}
                    <Link to={RECHARGE_PATH}>{t('buy.recharge')}</Link>
                  </>
                )}
              </span>
            }
          />
        )}
      </div>
    </Modal>
  )
}
