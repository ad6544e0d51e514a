// /paySuccess: where the payment gateway returns the customer; the real result comes with the payments issue.
import { CreditCardOutlined } from '@ant-design/icons'
import { Button, Card, Result, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { CenteredScreen } from '../../../shared/ui/centered-screen.tsx'
import { Logo } from '../../../shared/ui/logo.tsx'

export const PaySuccessPage = () => {
  const { t } = useTranslation('wallet')
  const { token } = theme.useToken()
  const navigate = useNavigate()
  return (
    <CenteredScreen>
      <Card variant="borderless" style={{ boxShadow: token.boxShadowTertiary }}>
        <div style={{ marginBottom: token.marginLG }}>
          <Logo />
        </div>
        <Result
          icon={<CreditCardOutlined style={{ color: token.colorPrimary }} />}
          title={t('paySuccess.title')}
          subTitle={t('paySuccess.description')}
          extra={[
            <Button key="balance" type="primary" onClick={() => navigate('/console/overview')}>
              {t('paySuccess.balance')}
            </Button>,
            <Button key="recharge" onClick={() => navigate('/console/recharge')}>
              {t('paySuccess.recharge')}
            </Button>,
          ]}
        />
      </Card>
    </CenteredScreen>
  )
}
