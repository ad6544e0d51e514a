// 账号 tab: email and password sign-in (then a code, on an account with two-factor sign-in), and the way
// to a forgotten password.
import { LockOutlined } from '@ant-design/icons'
import type { Credentials, TwoFactorChallenge } from '@proxy/contract/auth/endpoints'
import { ACCOUNT_PAGES } from '@proxy/contract/wire'
import { Button, Flex, Form, Input } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useLogin } from '../api/login.ts'
import { AuthForm, EmailField } from './auth-form.tsx'
import { TwoFactorStep } from './two-factor-step.tsx'
import { useCompleteSignIn } from './use-complete-sign-in.ts'

export const SignInForm = () => {
  const { t } = useTranslation('portal')
  const login = useLogin()
  const { complete, isCompleting } = useCompleteSignIn()
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null)

  if (challenge)
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={complete}
        isCompleting={isCompleting}
        onBack={() => {
          login.reset()
          setChallenge(null)
        }}
      />
    )

  return (
    <AuthForm<Credentials>
      name="login"
      testId="sign-in-form"
      error={login.error}
      onFinish={(values) =>
        login.mutate(values, {
          onSuccess: (answer) => ('twoFactorRequired' in answer ? setChallenge(answer) : complete(answer)),
        })
      }
    >
      <EmailField />
      <Form.Item
        name="password"
        label={t('form.password')}
        rules={[{ required: true, message: t('form.passwordRequired') }]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('form.passwordPlaceholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      <Flex justify="flex-end" style={{ marginTop: -12, marginBottom: 12 }}>
        <Link to={ACCOUNT_PAGES.forgotPassword} data-testid="forgot-password-link">
          {t('form.forgotPassword')}
        </Link>
      </Flex>
      <Button type="primary" htmlType="submit" block loading={login.isPending || isCompleting}>
        {t('form.login')}
      </Button>
    </AuthForm>
  )
}
