// The sign-in card of the portal (title 登录, tabs 账号 / 注册), or the way into the console when signed in.
import { CheckCircleFilled } from '@ant-design/icons'
import { Button, Card, Flex, Tabs, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { hasToken } from '../../../shared/session/token.ts'
import { RegisterForm } from './register-form.tsx'
import { SignInForm } from './sign-in-form.tsx'
import { useCompleteSignIn } from './use-complete-sign-in.ts'

const SignedIn = () => {
  const { t } = useTranslation('portal')
  const { token } = theme.useToken()
  const navigate = useNavigate()
  const { target } = useCompleteSignIn()
  return (
    <Flex
      vertical
      align="center"
      gap={token.marginSM}
      style={{ paddingBlock: token.paddingLG, textAlign: 'center' }}
    >
      <CheckCircleFilled style={{ fontSize: 48, color: token.colorSuccess }} />
      <h3 style={{ margin: 0, fontSize: token.fontSizeHeading4, fontWeight: 600 }}>{t('signedIn.title')}</h3>
      <span style={{ color: token.colorTextSecondary }}>{t('signedIn.text')}</span>
      <Button type="primary" size="large" block onClick={() => navigate(target)} data-testid="enter-console">
        {t('signedIn.enter')}
      </Button>
    </Flex>
  )
}

export const AuthCard = () => {
  const { t } = useTranslation('portal')
  const { token } = theme.useToken()
  return (
    <Card variant="borderless" style={{ width: '100%', maxWidth: 420, boxShadow: token.boxShadowSecondary }}>
      <h2
        style={{ margin: `0 0 ${token.marginXXS}px`, fontSize: token.fontSizeHeading2, fontWeight: 600 }}
        data-testid="auth-title"
      >
        {t('card.title')}
      </h2>
      <p style={{ margin: `0 0 ${token.marginXS}px`, color: token.colorTextSecondary }}>
        {t('card.subtitle')}
      </p>
      {hasToken() ? (
        <SignedIn />
      ) : (
        <Tabs
          defaultActiveKey="account"
          items={[
            { key: 'account', label: t('card.accountTab'), children: <SignInForm /> },
            { key: 'register', label: t('card.registerTab'), children: <RegisterForm /> },
          ]}
        />
      )}
    </Card>
  )
}
