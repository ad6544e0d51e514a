// The type of a wallet entry as a coloured tag, and the description shown for it.
import type { TransactionType, WalletTransaction } from '@proxy/contract/wallet/transactions'
import { Tag } from 'antd'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'

export const TRANSACTION_TYPES = [
  'topup',
  'purchase',
  'renewal',
  'refund',
  'adjustment',
] as const satisfies readonly TransactionType[]

const COLOURS: Record<TransactionType, string> = {
  topup: 'green',
  purchase: 'blue',
  renewal: 'geekblue',
  refund: 'orange',
  adjustment: 'purple',
}

export const TransactionTypeTag = ({ type }: { type: TransactionType }) => {
  const { t } = useTranslation('billing')
  return (
    <Tag color={COLOURS[type]} style={{ marginInlineEnd: 0 }}>
      {t(`types.${type}`)}
    </Tag>
  )
}

// The server writes descriptions in Chinese (requests are always zh-CN); the ones it is known to write are
// translated here, anything else is shown as sent.
const KNOWN_DESCRIPTIONS = { 支付宝充值: 'alipayTopup', 微信支付充值: 'wxpayTopup' } as const

export const describeEntry = (entry: WalletTransaction, t: TFunction<'billing'>): string => {
  const key = KNOWN_DESCRIPTIONS[entry.description as keyof typeof KNOWN_DESCRIPTIONS]
  return key ? t(`descriptions.${key}`) : entry.description
}
