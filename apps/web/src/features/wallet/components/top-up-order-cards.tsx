// One top-up order as a card, the phone form of a table row.
import type { TopUpOrder } from '@proxy/contract/wallet/topups'
import { Flex, Typography, theme } from 'antd'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { CopyableCell } from '../../../shared/ui/paged-table/columns.tsx'
import { ChannelName } from './channels.tsx'
import { ContinueButton } from './top-up-list.tsx'
import { TopUpStatusTag } from './top-up-status-tag.tsx'

type Props = { order: TopUpOrder; now: number; onContinue: (() => void) | undefined }

export const TopUpOrderCard = ({ order, now, onContinue }: Props) => {
  const { token } = theme.useToken()
  return (
    <Flex vertical gap={token.marginXXS}>
      <Flex justify="space-between" align="center" gap={token.marginXS}>
        <CopyableCell value={order.orderNo} isSmall />
        <TopUpStatusTag order={order} now={now} />
      </Flex>
      <Flex justify="space-between" align="center" gap={token.marginXS}>
        <Money amount={order.amount} strong style={{ fontSize: token.fontSizeLG }} />
        <ChannelName channel={order.channel} />
      </Flex>
      <Flex justify="space-between" align="center" gap={token.marginXS}>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {formatLocalDateTime(order.paidAt ?? order.createdAt, { withSeconds: false })}
        </Typography.Text>
        {onContinue && <ContinueButton order={order} onClick={onContinue} />}
      </Flex>
    </Flex>
  )
}
