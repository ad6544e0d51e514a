// Above every console page until the address is verified: why it matters, and a button that mails a new link.
import { Alert, Button } from 'antd'
import { useTranslation } from 'react-i18next'
import { useResendVerificationEmail } from '../../features/auth/api/resend-verification-email.ts'
import { useMe } from '../../shared/api/get-me.ts'
import { useApp } from '../../shared/feedback/lazy-app.tsx'

export const VerifyEmailBanner = () => {
  const { t } = useTranslation()
  const { message } = useApp()
  const { data: me } = useMe()
  const resend = useResendVerificationEmail()
  if (!me || me.emailVerified) return null
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () => void message.success(t('verifyBanner.sent', { email: me.email })),
    })
  return (
    <Alert
      banner
      type="warning"
      showIcon
      title={t('verifyBanner.text', { email: me.email })}
      action={
        <Button
          size="small"
          loading={resend.isPending}
          disabled={resend.isSuccess}
          onClick={onResend}
          data-testid="verify-email-resend"
        >
          {t('verifyBanner.resend')}
        </Button>
      }
      style={{ flexWrap: 'wrap', rowGap: 8 }}
      data-testid="verify-email-banner"
    />
  )
}
