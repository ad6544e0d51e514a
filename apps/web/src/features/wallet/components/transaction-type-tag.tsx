// The type of a wallet entry as a coloured tag, and the description shown for it.
import { describeEntry as describeAbout } from '@proxy/contract/wallet/descriptions'
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
  const { t } = useTranslation('wallet', { keyPrefix: 'transactions' })
  return (
    <Tag color={COLOURS[type]} style={{ marginInlineEnd: 0 }}>
      {t(`types.${type}`)}
    </Tag>
  )
}

/**
 * The entry in the reader's language: from its key when it has one, else the stored text. Entries from
 * before keys existed were stored in Chinese; the ones the server is known to have written are translated.
 */
const KNOWN_DESCRIPTIONS = { 支付宝充值: 'alipayTopup', 微信支付充值: 'wxpayTopup' } as const

export const describeEntry = (
  entry: WalletTransaction,
  t: TFunction<'wallet', 'transactions'>,
  language: string,
): string => {
  if (entry.about) return describeAbout(entry.about, language === 'en-US' ? 'en-US' : 'zh-CN')
  const key = KNOWN_DESCRIPTIONS[entry.description as keyof typeof KNOWN_DESCRIPTIONS]
  return key ? t(`descriptions.${key}`) : entry.description
}
