// 忘记密码: the address to mail a reset link to. The server answers the same whether or not the address
// has an account, and so does this form.
import type { PasswordResetRequest } from '@proxy/contract/auth/endpoints'
import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useRequestPasswordReset } from '../api/request-password-reset.ts'
import { AuthForm, EmailField } from './auth-form.tsx'

export const ForgotPasswordForm = () => {
  const { t } = useTranslation('portal')
  const request = useRequestPasswordReset()

  if (request.isSuccess)
    return (
      <Result
        status="success"
        title={t('forgot.sentTitle')}
        subTitle={t('forgot.sentText', { email: request.variables.email })}
        extra={[
          <Button key="again" onClick={() => request.reset()}>
            {t('forgot.again')}
          </Button>,
          <Link key="login" to="/portal/home">
            <Button type="primary">{t('forgot.backToLogin')}</Button>
          </Link>,
        ]}
        style={{ paddingInline: 0 }}
        data-testid="forgot-password-sent"
      />
    )

  return (
    <AuthForm<PasswordResetRequest>
      name="forgot-password"
      testId="forgot-password-form"
      error={request.error}
      onFinish={(values) => request.mutate(values)}
    >
      <EmailField />
      <Button type="primary" htmlType="submit" block loading={request.isPending}>
        {t('forgot.submit')}
      </Button>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/portal/home">{t('forgot.backToLogin')}</Link>
      </div>
    </AuthForm>
  )
}
