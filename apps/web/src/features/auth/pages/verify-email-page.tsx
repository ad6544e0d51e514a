// /portal/verify-email#token=…: open signed in or not; verifies the address once, on arrival.
import { Button, Flex, Result, Spin, theme } from 'antd'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { isApiError } from '../../../shared/http/api-error.ts'
import { describeApiError } from '../../../shared/http/describe-error.ts'
import { hasToken } from '../../../shared/session/token.ts'
import { useResendVerificationEmail } from '../api/resend-verification-email.ts'
import { useVerifyEmail } from '../api/verify-email.ts'
import { AccountPageFrame } from '../components/account-page-frame.tsx'
import { useLinkToken } from '../components/link-token.ts'

const NextStep = () => {
  const { t } = useTranslation('portal')
  return hasToken() ? (
    <Link to="/console/overview" key="next">
      <Button type="primary">{t('verify.enterConsole')}</Button>
    </Link>
  ) : (
    <Link to="/portal/home" key="next">
      <Button type="primary">{t('verify.login')}</Button>
    </Link>
  )
}

const ResendButton = () => {
  const { t } = useTranslation('portal')
  const resend = useResendVerificationEmail()
  return (
    <Button
      loading={resend.isPending}
      disabled={resend.isSuccess}
      onClick={() => resend.mutate()}
      data-testid="verify-resend"
    >
      {resend.isSuccess ? t('verify.resent') : t('verify.resend')}
    </Button>
  )
}

const Verification = ({ token }: { token: string }) => {
  const { t } = useTranslation('portal')
  const { token: design } = theme.useToken()
  const verify = useVerifyEmail()
  const { mutate } = verify
  // Once per visit: the link works once, and StrictMode runs effects twice.
  const hasStarted = useRef(false)
  useEffect(() => {
    if (hasStarted.current) return
    hasStarted.current = true
    mutate(token)
  }, [mutate, token])

  if (verify.isSuccess)
    return (
      <Result
        status="success"
        title={t('verify.doneTitle')}
        subTitle={t('verify.doneText')}
        extra={<NextStep />}
        style={{ paddingInline: 0 }}
        data-testid="verify-email-done"
      />
    )
  if (verify.isError)
    return (
      <Result
        status="error"
        title={t('verify.failedTitle')}
        subTitle={
          isApiError(verify.error) ? describeApiError(verify.error) : t('http.unknown', { ns: 'common' })
        }
        extra={
          <Flex gap={design.marginSM} wrap justify="center">
            {hasToken() && <ResendButton />}
            <NextStep />
          </Flex>
        }
        style={{ paddingInline: 0 }}
        data-testid="verify-email-failed"
      />
    )
  return (
    <Flex vertical align="center" gap={design.marginSM} style={{ paddingBlock: design.paddingXL }}>
      <Spin size="large" />
      <span>{t('verify.pending')}</span>
    </Flex>
  )
}

export const VerifyEmailPage = () => {
  const { t } = useTranslation('portal')
  const token = useLinkToken()
  return (
    <AccountPageFrame title={t('verify.title')} testId="verify-email-page">
      {token ? (
        <Verification token={token} />
      ) : (
        <Result
          status="warning"
          title={t('verify.noTokenTitle')}
          subTitle={t('verify.noTokenText')}
          extra={<NextStep />}
          style={{ paddingInline: 0 }}
          data-testid="verify-email-no-token"
        />
      )}
    </AccountPageFrame>
  )
}
