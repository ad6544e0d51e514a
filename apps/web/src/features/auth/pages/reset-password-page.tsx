// /portal/reset-password#token=…: open without a token cookie; sets a new password with the mailed link.
import { ACCOUNT_PAGES } from '@proxy/contract/wire'
import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AccountPageFrame } from '../components/account-page-frame.tsx'
import { useLinkToken } from '../components/link-token.ts'
import { ResetPasswordForm } from '../components/reset-password-form.tsx'

export const ResetPasswordPage = () => {
  const { t } = useTranslation('portal')
  const token = useLinkToken()
  return (
    <AccountPageFrame
      title={t('reset.title')}
      subtitle={token ? t('reset.subtitle') : undefined}
      testId="reset-password-page"
    >
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <Result
          status="warning"
          title={t('reset.noTokenTitle')}
          subTitle={t('reset.noTokenText')}
          extra={
            <Link to={ACCOUNT_PAGES.forgotPassword}>
              <Button type="primary">{t('reset.requestNew')}</Button>
            </Link>
          }
          style={{ paddingInline: 0 }}
          data-testid="reset-password-no-token"
        />
      )}
    </AccountPageFrame>
  )
}
