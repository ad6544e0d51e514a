// The last look before money moves: what is bought, what it costs, a note on what paying does, and why it failed.
import { Alert, Descriptions, type DescriptionsProps, Modal, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { RECHARGE_PATH } from '../../lib/wallet-paths.ts'
import { Money } from '../money.tsx'

/** A failed payment; with rechargeLabel the message ends in a link to the top-up page. */
export type PayProblem = { text: string; rechargeLabel?: string }

type Props = {
  isOpen: boolean
  title: string
  okText: string
  /** What is bought, one row each; the total row is added last. */
  items: NonNullable<DescriptionsProps['items']>
  totalLabel: string
  total: number
  note: string
  isPaying: boolean
  problem: PayProblem | null
  onConfirm: () => void
  onCancel: () => void
}

export const ConfirmModal = ({
  isOpen,
  items,
  totalLabel,
  total,
  note,
  isPaying,
  problem,
  ...rest
}: Props) => {
  const { t } = useTranslation('common')
  return (
    <Modal
      open={isOpen}
      title={rest.title}
      okText={rest.okText}
      cancelText={t('actions.cancel')}
      onOk={rest.onConfirm}
      onCancel={rest.onCancel}
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
            ...items,
            {
              key: 'total',
              label: totalLabel,
              children: <Money amount={total} strong data-testid="confirm-total" />,
            },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: problem ? 12 : 0 }}>
          {note}
        </Typography.Paragraph>
        {problem && (
          <Alert
            type="error"
            showIcon
            data-testid="purchase-error"
            title={
              <span>
                {problem.text}
                {problem.rechargeLabel && (
                  <>
                    {' · '}
                    <Link to={RECHARGE_PATH}>{problem.rechargeLabel}</Link>
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
