// /portal/forgot-password: open without a token; mails a password-reset link.
import { useTranslation } from 'react-i18next'
import { AccountPageFrame } from '../components/account-page-frame.tsx'
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx'

export const ForgotPasswordPage = () => {
  const { t } = useTranslation('portal')
  return (
    <AccountPageFrame title={t('forgot.title')} subtitle={t('forgot.subtitle')} testId="forgot-password-page">
      <ForgotPasswordForm />
    </AccountPageFrame>
  )
}
