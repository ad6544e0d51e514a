// Payment result for a paid order: the amount credited and the wallet balance read after the credit.
import type { TopUpOrder } from '@proxy/contract/wallet/topups'
import { formatBalance } from '@proxy/contract/wire'
import { useQueryClient } from '@tanstack/react-query'
import { Col, Flex, Result, Row, Skeleton, Typography, theme } from 'antd'
import { type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useWallet, walletQueryKey } from '../../../shared/api/get-wallet.ts'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { ChannelName } from './channels.tsx'
import { PayActions } from './pay-actions.tsx'

const Figure = ({ label, children }: { label: string; children: ReactNode }) => {
  const { token } = theme.useToken()
  return (
    <Flex vertical align="center" gap={token.marginXXS}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <span style={{ fontSize: token.fontSizeHeading3, fontWeight: 600 }}>{children}</span>
    </Flex>
  )
}

const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <Flex justify="space-between" align="center" gap={12}>
    <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
      {label}
    </Typography.Text>
    {children}
  </Flex>
)

export const PayPaid = ({ order }: { order: TopUpOrder }) => {
  const { t } = useTranslation('wallet')
  const { token } = theme.useToken()
  const queryClient = useQueryClient()
  const wallet = useWallet()
  const isNarrow = useIsNarrow()
  // Any balance read before this moment may predate the credit (cached from before the payment).
  const [paidSeenAt] = useState(() => Date.now())
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: walletQueryKey })
  }, [queryClient])
  const isBalanceFresh = wallet.data !== undefined && wallet.dataUpdatedAt >= paidSeenAt

  return (
    <Result
      status="success"
      title={<span data-testid="pay-result-title">{t('paySuccess.paidTitle')}</span>}
      subTitle={t('paySuccess.paidText', { amount: formatBalance(order.amount) })}
      data-testid="pay-paid"
      extra={
        <Flex vertical gap={token.marginLG}>
          <Flex
            vertical
            gap={token.margin}
            style={{
              padding: isNarrow ? token.padding : token.paddingLG,
              borderRadius: token.borderRadiusLG,
              background: token.colorFillQuaternary,
              textAlign: 'start',
            }}
          >
            <Row gutter={[token.margin, token.margin]}>
              <Col span={12}>
                <Figure label={t('paySuccess.amount')}>
                  <Money
                    amount={order.amount}
                    style={{ color: token.colorSuccess }}
                    data-testid="pay-amount"
                  />
                </Figure>
              </Col>
              <Col span={12}>
                <Figure label={t('paySuccess.balance')}>
                  {isBalanceFresh && wallet.data ? (
                    <Money amount={wallet.data.wallet.balance} data-testid="pay-balance" />
                  ) : (
                    <Skeleton.Button active size="small" style={{ width: 96 }} />
                  )}
                </Figure>
              </Col>
            </Row>
            <Flex vertical gap={token.marginXXS}>
              <Detail label={t('order.orderNo')}>
                <Typography.Text copyable style={{ fontFamily: token.fontFamilyCode }}>
                  {order.orderNo}
                </Typography.Text>
              </Detail>
              <Detail label={t('order.channel')}>
                <ChannelName channel={order.channel} />
              </Detail>
              {order.paidAt && (
                <Detail label={t('order.paidAt')}>
                  <Typography.Text>{formatLocalDateTime(order.paidAt)}</Typography.Text>
                </Detail>
              )}
            </Flex>
          </Flex>
          <PayActions isConsolePrimary />
        </Flex>
      }
    />
  )
}
