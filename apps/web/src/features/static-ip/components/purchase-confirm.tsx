// The last look before money moves: what is bought and what it costs.
import type { Quote } from '@proxy/contract/orders/endpoints'
import type { ProxyProtocol } from '@proxy/contract/static-ip/catalog'
import { Alert, Descriptions, Modal, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Money } from '../../../shared/ui/money.tsx'

type Props = {
  isOpen: boolean
  region: ReactNode
  quote: Quote
  protocol: ProxyProtocol
  autoRenew: boolean
  isPaying: boolean
  error: string | null
  onConfirm: () => void
  onCancel: () => void
}

export const PurchaseConfirm = ({
  isOpen,
  region,
  quote,
  protocol,
  autoRenew,
  isPaying,
  error,
  ...on
}: Props) => {
  const { t } = useTranslation(['static-ip', 'common'])
  return (
    <Modal
      open={isOpen}
      title={t('confirm.title')}
      okText={t('confirm.ok')}
      cancelText={t('common:actions.cancel')}
      onOk={on.onConfirm}
      onCancel={on.onCancel}
      confirmLoading={isPaying}
      maskClosable={!isPaying}
      destroyOnHidden
    >
      <div data-testid="purchase-confirm">
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            { key: 'region', label: t('buy.region'), children: region },
            { key: 'quantity', label: t('confirm.quantity'), children: quote.quantity },
            {
              key: 'duration',
              label: t('confirm.duration'),
              children: t('days', { count: quote.durationDays }),
            },
            { key: 'protocol', label: t('confirm.protocol'), children: t(`protocols.${protocol}`) },
            {
              key: 'autoRenew',
              label: t('confirm.autoRenew'),
              children: t(autoRenew ? 'confirm.on' : 'confirm.off'),
            },
            {
              key: 'total',
              label: t('confirm.total'),
              children: <Money amount={quote.total} strong data-testid="confirm-total" />,
            },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: error ? 12 : 0 }}>
          {t('confirm.note')}
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} data-testid="purchase-error" />}
      </div>
    </Modal>
  )
}
