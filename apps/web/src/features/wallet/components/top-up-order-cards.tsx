// Top-up orders as cards on small screens.
import type { TopUpOrder } from '@proxy/contract/wallet/topups'
import { Flex, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { CardList } from '../../../shared/ui/card-list.tsx'
import { Money } from '../../../shared/ui/money.tsx'
import { ChannelName } from './channels.tsx'
import { ContinueButton, type TopUpListProps } from './top-up-list.tsx'
import { TopUpStatusTag } from './top-up-status-tag.tsx'

export const TopUpOrderCards = ({
  items,
  isLoading,
  isFiltered,
  now,
  continueOf,
  ...paging
}: TopUpListProps) => {
  const { t } = useTranslation('wallet')
  const { token } = theme.useToken()
  const small = { fontSize: token.fontSizeSM }
  return (
    <CardList
      items={items}
      rowKey={(order) => order.orderNo}
      isLoading={isLoading}
      emptyText={t(isFiltered ? 'orders.emptyFiltered' : 'orders.empty')}
      {...paging}
      data-testid="topup-cards"
      renderItem={(order: TopUpOrder) => {
        const onContinue = continueOf(order)
        return (
          <Flex vertical gap={token.marginXXS}>
            <Flex justify="space-between" align="center" gap={token.marginXS}>
              <Typography.Text copyable style={{ ...small, fontFamily: token.fontFamilyCode }}>
                {order.orderNo}
              </Typography.Text>
              <TopUpStatusTag order={order} now={now} />
            </Flex>
            <Flex justify="space-between" align="center" gap={token.marginXS}>
              <Money amount={order.amount} strong style={{ fontSize: token.fontSizeLG }} />
              <ChannelName channel={order.channel} />
            </Flex>
            <Flex justify="space-between" align="center" gap={token.marginXS}>
              <Typography.Text type="secondary" style={small}>
                {formatLocalDateTime(order.paidAt ?? order.createdAt, { withSeconds: false })}
              </Typography.Text>
              {onContinue && <ContinueButton order={order} onClick={onContinue} />}
            </Flex>
          </Flex>
        )
      }}
    />
  )
}
