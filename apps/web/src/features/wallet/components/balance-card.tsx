// Overview card with the wallet balance and the top-up action.
import { AccountBookOutlined, WalletOutlined } from '@ant-design/icons'
import { formatBalance } from '@proxy/contract/wire'
import { Button, Card, Flex, Skeleton, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useWallet } from '../api/get-wallet.ts'

export const BalanceCard = () => {
  const { t } = useTranslation('overview')
  const { token } = theme.useToken()
  const navigate = useNavigate()
  const { data, isPending } = useWallet()
  return (
    <Card
      variant="borderless"
      style={{ height: '100%', background: `linear-gradient(135deg, ${token.colorPrimary}, #1d39c4)` }}
      styles={{ body: { height: '100%' } }}
    >
      <Flex vertical justify="space-between" gap={token.marginLG} style={{ height: '100%' }}>
        <Flex align="center" gap={token.marginXS} style={{ color: 'rgba(255,255,255,0.85)' }}>
          <WalletOutlined />
          <span>{t('balance.title')}</span>
        </Flex>
        {isPending ? (
          <Skeleton.Input active size="large" />
        ) : (
          <Typography.Title
            level={2}
            style={{ color: '#fff', margin: 0, fontVariantNumeric: 'tabular-nums' }}
            data-testid="overview-balance"
          >
            {data ? formatBalance(data.wallet.balance) : '$ --'}
          </Typography.Title>
        )}
        <Flex justify="space-between" align="center" wrap gap={token.marginSM}>
          <span style={{ color: 'rgba(255,255,255,0.75)' }}>
            {t('balance.currency', { currency: data?.wallet.currency ?? 'CNY' })}
          </span>
          <Flex gap={token.marginXS}>
            <Button ghost icon={<AccountBookOutlined />} onClick={() => navigate('/console/businessFlow')}>
              {t('balance.billing')}
            </Button>
            <Button onClick={() => navigate('/console/recharge')}>{t('balance.recharge')}</Button>
          </Flex>
        </Flex>
      </Flex>
    </Card>
  )
}
