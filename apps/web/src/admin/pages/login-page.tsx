// /admin/login: email, password and the authenticator's code (or a recovery code). The server answers
// one error for any wrong part, and so does this page.
import { type OperatorLoginInput, TotpCode } from '@proxy/contract/admin/auth'
import { Alert, Button, Form, Input } from 'antd'
import { useNavigate, useSearchParams } from 'react-router'
import { isApiError } from '../../shared/http/api-error.ts'
import { useSignIn } from '../api/operator.ts'
import { useAdminT } from '../app/i18n.ts'
import { SignInCard, safeRedirect } from './sign-in-card.tsx'

export const LoginPage = () => {
  const { t } = useAdminT()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const signIn = useSignIn()
  const redirect = safeRedirect(params.get('redirect'))
  const required = { required: true, message: t('login.required') }

  const onFinish = (values: OperatorLoginInput) =>
    signIn.mutate(
      { ...values, totp: values.totp.trim().toLowerCase() },
      {
        onSuccess: (operator) => {
          const next = operator.mustChangePassword
            ? `/password?redirect=${encodeURIComponent(redirect)}`
            : redirect
          void navigate(next, { replace: true })
        },
      },
    )

  const isRateLimited =
    isApiError(signIn.error) &&
    (signIn.error.errorName === 'LOGIN_RATE_LIMITED' || signIn.error.errorName === 'RATE_LIMITED')

  return (
    <SignInCard title={t('login.title')}>
      {signIn.isError && (
        <Alert
          type="error"
          showIcon
          title={t(isRateLimited ? 'login.rateLimited' : 'login.failed')}
          style={{ marginBottom: 16 }}
          data-testid="login-error"
        />
      )}
      <Form<OperatorLoginInput>
        layout="vertical"
        onFinish={onFinish}
        requiredMark={false}
        disabled={signIn.isPending}
      >
        <Form.Item name="email" label={t('login.email')} rules={[required]}>
          <Input type="email" autoComplete="username" data-testid="login-email" />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={[required]}>
          <Input.Password autoComplete="current-password" data-testid="login-password" />
        </Form.Item>
        <Form.Item
          name="totp"
          label={t('login.totp')}
          extra={t('login.totpHint')}
          rules={[
            required,
            {
              validator: (_, value: string | undefined) =>
                !value || TotpCode.safeParse(value.toLowerCase()).success
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('login.totpInvalid'))),
            },
          ]}
        >
          <Input autoComplete="one-time-code" inputMode="text" maxLength={11} data-testid="login-totp" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={signIn.isPending} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Form>
    </SignInCard>
  )
}
