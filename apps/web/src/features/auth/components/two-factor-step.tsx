// The second step of signing in to an account with two-factor sign-in: a code from the authenticator
// app, or one of the recovery codes.
import { ArrowLeftOutlined, SafetyOutlined } from '@ant-design/icons'
import type { SessionToken, TwoFactorChallenge } from '@proxy/contract/auth/endpoints'
import { Button, Form, Input, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useLoginTwoFactor } from '../api/login-two-factor.ts'
import { AuthForm } from './auth-form.tsx'

type Props = {
  challenge: TwoFactorChallenge
  onSignedIn: (session: SessionToken) => void
  onBack: () => void
  isCompleting: boolean
}

export const TwoFactorStep = ({ challenge, onSignedIn, onBack, isCompleting }: Props) => {
  const { t } = useTranslation('portal')
  const verify = useLoginTwoFactor()

  return (
    <AuthForm<{ code: string }>
      name="login-2fa"
      testId="two-factor-step"
      error={verify.error}
      onFinish={({ code }) =>
        verify.mutate({ challenge: challenge.challenge, code: code.trim() }, { onSuccess: onSignedIn })
      }
    >
      <Typography.Paragraph type="secondary">{t('twoFactor.hint')}</Typography.Paragraph>
      <Form.Item
        name="code"
        label={t('twoFactor.code')}
        rules={[
          { required: true, message: t('twoFactor.codeRequired') },
          { min: 6, max: 32, message: t('twoFactor.codeInvalid') },
        ]}
      >
        <Input
          prefix={<SafetyOutlined />}
          placeholder={t('twoFactor.codePlaceholder')}
          autoComplete="one-time-code"
          autoFocus
          maxLength={32}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={verify.isPending || isCompleting}>
        {t('twoFactor.verify')}
      </Button>
      <Button type="link" block icon={<ArrowLeftOutlined />} onClick={onBack} style={{ marginTop: 8 }}>
        {t('twoFactor.back')}
      </Button>
    </AuthForm>
  )
}
