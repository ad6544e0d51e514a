// The checkout counter for a payable order: amount, countdown, details, pay and cancel.
import { ClockCircleOutlined } from '@ant-design/icons'
import type { TopUpOrder } from '@proxy/contract/wallet/topups'
import { App, Button, Descriptions, Divider, Flex, Spin, Tag, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { useCancelTopUp } from '../api/cancel-top-up.ts'
import { ChannelIcon, ChannelName } from './channels.tsx'
import { formatCountdown } from './countdown.ts'
import { YuanCharge } from './yuan-charge.tsx'

const URGENT_MS = 5 * 60_000

type Props = { order: TopUpOrder & { payUrl: string }; remainingMs: number }

export const CheckoutOrder = ({ order, remainingMs }: Props) => {
  const { t } = useTranslation('wallet')
  const { token } = theme.useToken()
  const { modal, message } = App.useApp()
  const cancel = useCancelTopUp()
  const isNarrow = useIsNarrow()

  const confirmCancel = () =>
    modal.confirm({
      title: t('checkout.cancelConfirmTitle'),
      content: t('checkout.cancelConfirmText'),
      okText: t('checkout.cancelOk'),
      okButtonProps: { danger: true },
      cancelText: t('checkout.cancelKeep'),
      // A failure is toasted by the HTTP layer and the order reloaded; the dialog just closes.
      onOk: () =>
        cancel.mutateAsync(order.orderNo).then(
          () => void message.success(t('checkout.cancelled')),
          () => undefined,
        ),
    })

  const isUrgent = remainingMs < URGENT_MS
  return (
    <Flex vertical gap={token.marginLG}>
      <Flex vertical align="center" gap={token.marginXS} style={{ textAlign: 'center' }}>
        <Tag color="processing" style={{ marginInlineEnd: 0 }}>
          {t('status.pending')}
        </Tag>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('checkout.pendingTitle')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('checkout.amountDue')}</Typography.Text>
        <Money
          amount={order.amount}
          strong
          style={{ fontSize: 40, lineHeight: 1.2, color: token.colorPrimary }}
          data-testid="checkout-amount"
        />
        <YuanCharge
          amount={order.amount}
          rate={order.usdCnyRate}
          cnyAmount={order.cnyAmount}
          data-testid="checkout-cny"
        />
        <Flex align="center" gap={token.marginXS} style={{ color: token.colorTextSecondary }}>
          <ClockCircleOutlined />
          <span>{t('checkout.countdown')}</span>
          <span
            style={{
              fontVariantNumeric: 'tabular-nums',
              fontWeight: 600,
              fontSize: token.fontSizeLG,
              color: isUrgent ? token.colorError : token.colorText,
            }}
            data-testid="checkout-countdown"
          >
            {formatCountdown(remainingMs)}
          </span>
        </Flex>
      </Flex>
      <Descriptions
        column={1}
        size="small"
        bordered
        styles={{ label: { width: isNarrow ? undefined : 120, whiteSpace: 'nowrap' } }}
        items={[
          {
            key: 'orderNo',
            label: t('order.orderNo'),
            children: (
              <Typography.Text
                copyable
                style={{ fontFamily: token.fontFamilyCode }}
                data-testid="checkout-order-no"
              >
                {order.orderNo}
              </Typography.Text>
            ),
          },
          { key: 'channel', label: t('order.channel'), children: <ChannelName channel={order.channel} /> },
          { key: 'createdAt', label: t('order.createdAt'), children: formatLocalDateTime(order.createdAt) },
          { key: 'expiresAt', label: t('order.expiresAt'), children: formatLocalDateTime(order.expiresAt) },
        ]}
      />
      <Flex gap={token.marginSM} wrap justify="center">
        <Button
          type="primary"
          size="large"
          icon={<ChannelIcon channel={order.channel} size={18} isPlain />}
          onClick={() => window.location.assign(order.payUrl)}
          style={{ minWidth: 180 }}
          data-testid="checkout-pay"
        >
          {t('checkout.pay')}
        </Button>
        <Button size="large" onClick={confirmCancel} loading={cancel.isPending} data-testid="checkout-cancel">
          {t('checkout.cancel')}
        </Button>
      </Flex>
      <Divider style={{ margin: 0 }} />
      <Flex align="center" justify="center" gap={token.marginXS}>
        <Spin size="small" />
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {t('checkout.waiting')}
        </Typography.Text>
      </Flex>
    </Flex>
  )
}
