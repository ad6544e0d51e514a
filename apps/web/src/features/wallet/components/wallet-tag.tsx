// Header balance (SPEC §3): `$` and 2 decimals, linking to the top-up page.
import { WalletOutlined } from '@ant-design/icons'
import { formatBalance } from '@proxy/contract/wire'
import { Tag, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useWallet } from '../../../shared/api/get-wallet.ts'

export const WalletTag = () => {
  const { t } = useTranslation('wallet')
  const { token } = theme.useToken()
  const { data } = useWallet()
  return (
    <Link to="/console/recharge" title={t('tag.title')} data-testid="wallet-tag">
      <Tag
        color="blue"
        icon={<WalletOutlined />}
        style={{
          marginInlineEnd: 0,
          cursor: 'pointer',
          fontSize: token.fontSize,
          lineHeight: `${token.controlHeightSM}px`,
          paddingInline: token.paddingXS,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {data ? formatBalance(data.wallet.balance) : '$ --'}
      </Tag>
    </Link>
  )
}
