// /admin/password: old, new and confirmed password. Required after a CLI- or invitation-made account's
// first sign-in; on success the console continues to the page that was wanted.
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@proxy/contract/wire'
import { Alert, App, Button, Form, Input } from 'antd'
import { useNavigate, useSearchParams } from 'react-router'
import { useChangePassword, useOperator } from '../api/operator.ts'
import { useAdminT } from '../app/i18n.ts'
import { SignInCard, safeRedirect } from './sign-in-card.tsx'

type Values = { oldPassword: string; newPassword: string; confirm: string }

export const PasswordPage = () => {
  const { t } = useAdminT()
  const { message } = App.useApp()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const change = useChangePassword()
  // Forced after a one-time password; otherwise the operator came to change it themselves.
  const isForced = useOperator().data?.mustChangePassword ?? true
  const required = { required: true, message: t('login.required') }

  const onFinish = ({ oldPassword, newPassword }: Values) =>
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => {
          void message.success(t('password.done'))
          void navigate(safeRedirect(params.get('redirect')), { replace: true })
        },
      },
    )

  return (
    <SignInCard title={t('password.title')}>
      <Alert
        type="info"
        showIcon
        title={t(isForced ? 'password.mustChange' : 'password.voluntary')}
        style={{ marginBottom: 16 }}
        data-testid="password-why"
      />
      <Form<Values> layout="vertical" onFinish={onFinish} requiredMark={false} disabled={change.isPending}>
        <Form.Item name="oldPassword" label={t('password.old')} rules={[required]}>
          <Input.Password autoComplete="current-password" data-testid="password-old" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('password.new')}
          rules={[
            required,
            { min: PASSWORD_MIN_LENGTH, message: t('password.tooShort', { min: PASSWORD_MIN_LENGTH }) },
            { max: PASSWORD_MAX_LENGTH },
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('password.confirm')}
          dependencies={['newPassword']}
          rules={[
            required,
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('password.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-confirm" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={change.isPending}
          data-testid="password-submit"
        >
          {t('password.submit')}
        </Button>
      </Form>
    </SignInCard>
  )
}
