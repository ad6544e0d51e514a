// /admin/invite/:token, without a session: the invitee sees the email and role they are invited as,
// scans the QR code (or types the secret) into an authenticator, chooses a password and confirms a
// code; the answer signs them in and holds recovery codes, shown this once, then on to the console.
import type { AcceptInvitationInput, InvitationView } from '@proxy/contract/admin/operators'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@proxy/contract/wire'
import { Alert, Button, Descriptions, Flex, Form, Input, QRCode, Result, Skeleton, Typography } from 'antd'
import { useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { downloadText } from '../../../shared/lib/download-text.ts'
import { useAcceptInvitation, useInvitation } from '../../api/operators.ts'
import { useAdminT } from '../../app/i18n.ts'
import { SignInCard } from '../sign-in-card.tsx'
import { CopyValue } from './copy-value.tsx'

type Values = AcceptInvitationInput & { confirm: string }

const RecoveryCodes = ({ email, codes }: { email: string; codes: string[] }) => {
  const { t } = useAdminT()
  const navigate = useNavigate()
  const text = codes.join('\n')
  return (
    <Flex vertical gap={16}>
      <Alert type="success" showIcon title={t('operators.accept.welcome')} />
      <Alert type="warning" showIcon title={t('operators.accept.recoveryNotice')} />
      <ol
        data-testid="invite-recovery-codes"
        style={{ columns: 2, fontFamily: 'monospace', fontSize: 15, margin: 0, paddingInlineStart: 24 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <CopyValue value={text} />
      <Flex gap={8} wrap justify="space-between">
        <Button
          onClick={() =>
            downloadText('recovery-codes.txt', `${t('operators.accept.fileHeader', { email })}\n\n${text}\n`)
          }
        >
          {t('operators.accept.download')}
        </Button>
        <Button
          type="primary"
          onClick={() => void navigate('/', { replace: true })}
          data-testid="invite-continue"
        >
          {t('operators.accept.continue')}
        </Button>
      </Flex>
    </Flex>
  )
}

const AcceptForm = ({
  token,
  invitation,
  onDone,
}: {
  token: string
  invitation: InvitationView
  onDone: (codes: string[]) => void
}) => {
  const { t } = useAdminT()
  const accept = useAcceptInvitation(token)
  const required = { required: true, message: t('login.required') }
  const onFinish = ({ password, totp }: Values) =>
    accept.mutate(
      { password, totp: totp.replace(/\s/g, '') },
      { onSuccess: (answer) => onDone(answer.recoveryCodes) },
    )
  return (
    <Flex vertical gap={16}>
      <Descriptions column={1} size="small" bordered data-testid="invite-who">
        <Descriptions.Item label={t('operators.email')}>{invitation.email}</Descriptions.Item>
        <Descriptions.Item label={t('operators.role')}>{t(`roles.${invitation.role}`)}</Descriptions.Item>
      </Descriptions>
      <Typography.Text>{t('operators.accept.scan')}</Typography.Text>
      <Flex vertical align="center" gap={8}>
        <QRCode type="svg" value={invitation.otpauthUri} size={180} data-testid="invite-qr" />
        <Typography.Text type="secondary">{t('operators.accept.secret')}</Typography.Text>
        <CopyValue value={invitation.secret} data-testid="invite-secret" />
      </Flex>
      <Form<Values> layout="vertical" requiredMark={false} onFinish={onFinish} disabled={accept.isPending}>
        <Form.Item
          name="password"
          label={t('operators.accept.password')}
          rules={[
            required,
            { min: PASSWORD_MIN_LENGTH, message: t('password.tooShort', { min: PASSWORD_MIN_LENGTH }) },
            { max: PASSWORD_MAX_LENGTH },
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="invite-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('operators.accept.confirm')}
          dependencies={['password']}
          rules={[
            required,
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('operators.accept.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="invite-confirm" />
        </Form.Item>
        <Form.Item
          name="totp"
          label={t('operators.accept.code')}
          rules={[required, { pattern: /^\s*\d{3}\s?\d{3}\s*$/, message: t('operators.accept.codeRule') }]}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} data-testid="invite-code" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={accept.isPending} data-testid="invite-accept">
          {t('operators.accept.submit')}
        </Button>
      </Form>
    </Flex>
  )
}

export const InvitePage = () => {
  const { t } = useAdminT()
  const { token = '' } = useParams()
  const invitation = useInvitation(token)
  const [codes, setCodes] = useState<string[] | null>(null)

  const body = () => {
    if (codes && invitation.data) return <RecoveryCodes email={invitation.data.email} codes={codes} />
    if (invitation.isPending) return <Skeleton active />
    if (!invitation.data)
      return (
        <Result
          status="warning"
          title={t('operators.accept.invalid')}
          subTitle={t('operators.accept.invalidHint')}
          data-testid="invite-invalid"
        />
      )
    return <AcceptForm token={token} invitation={invitation.data} onDone={setCodes} />
  }
  return <SignInCard title={t('operators.accept.title')}>{body()}</SignInCard>
}
