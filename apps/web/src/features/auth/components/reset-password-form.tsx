// The new password for a reset link's token. Success ends every session of the account, this
// browser's included, so the customer signs in afresh with the new password.
import { ACCOUNT_PAGES } from '@proxy/contract/wire'
import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { isApiError } from '../../../shared/http/api-error.ts'
import { clearSession } from '../../../shared/session/clear-session.ts'
import { hasToken } from '../../../shared/session/token.ts'
import { useConfirmPasswordReset } from '../api/confirm-password-reset.ts'
import { AuthForm } from './auth-form.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'

type Values = { password: string; confirm: string }

export const ResetPasswordForm = ({ token }: { token: string }) => {
  const { t } = useTranslation('portal')
  const confirm = useConfirmPasswordReset()

  const onFinish = ({ password }: Values) =>
    confirm.mutate(
      { token, password },
      {
        // The server has ended this browser's session too: forget it here as a sign-out would.
        onSuccess: () => {
          if (hasToken()) clearSession()
        },
      },
    )

  if (confirm.isSuccess)
    return (
      <Result
        status="success"
        title={t('reset.doneTitle')}
        subTitle={t('reset.doneText')}
        extra={
          <Link to="/portal/home">
            <Button type="primary">{t('reset.login')}</Button>
          </Link>
        }
        style={{ paddingInline: 0 }}
        data-testid="reset-password-done"
      />
    )

  const isLinkSpent = isApiError(confirm.error) && confirm.error.errorName === 'ACCOUNT_LINK_INVALID'
  return (
    <AuthForm<Values>
      name="reset-password"
      testId="reset-password-form"
      error={confirm.error}
      onFinish={onFinish}
    >
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" block loading={confirm.isPending} disabled={isLinkSpent}>
        {t('reset.submit')}
      </Button>
      {isLinkSpent && (
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to={ACCOUNT_PAGES.forgotPassword} data-testid="request-new-link">
            {t('reset.requestNew')}
          </Link>
        </div>
      )}
    </AuthForm>
  )
}
