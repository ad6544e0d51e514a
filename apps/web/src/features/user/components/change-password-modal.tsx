// 修改密码: current password, new password (contract minimum), confirmation, and whether to end every API
// token too (after a suspected takeover); a wrong current password is shown on its field as well as in the toast.
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@proxy/contract/wire'
import { Alert, App, Checkbox, Form, Input, Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../shared/http/api-error.ts'
import { useChangePassword } from '../api/change-password.ts'

type Props = { open: boolean; onClose: () => void }
type Values = { oldPassword: string; newPassword: string; confirm: string; revokeApiTokens?: boolean }

export const ChangePasswordModal = ({ open, onClose }: Props) => {
  const { t } = useTranslation(['user', 'errors'])
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const change = useChangePassword()

  const onFinish = ({ oldPassword, newPassword, revokeApiTokens }: Values) =>
    change.mutate(
      { oldPassword, newPassword, revokeApiTokens: revokeApiTokens === true },
      {
        onSuccess: () => {
          void message.success(t(revokeApiTokens ? 'password.successTokensEnded' : 'password.success'))
          form.resetFields()
          onClose()
        },
        onError: (error) => {
          if (isApiError(error) && error.errorName === 'WRONG_PASSWORD') {
            form.setFields([{ name: 'oldPassword', errors: [t('errors:WRONG_PASSWORD')] }])
          }
        },
      },
    )

  return (
    <Modal
      open={open}
      title={t('password.title')}
      okText={t('password.submit')}
      confirmLoading={change.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="change-password-modal"
    >
      <Alert type="info" showIcon title={t('password.hint')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        name="change-password"
        layout="vertical"
        onFinish={onFinish}
        requiredMark={false}
        preserve={false}
      >
        <Form.Item
          name="oldPassword"
          label={t('password.old')}
          rules={[{ required: true, message: t('password.oldRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('password.new')}
          rules={[
            { required: true, message: t('password.newRequired') },
            { min: PASSWORD_MIN_LENGTH, message: t('password.newMin', { min: PASSWORD_MIN_LENGTH }) },
            { max: PASSWORD_MAX_LENGTH, message: t('password.newMax', { max: PASSWORD_MAX_LENGTH }) },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('password.confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('password.confirmMismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="revokeApiTokens" valuePropName="checked" extra={t('password.revokeApiTokensHint')}>
          <Checkbox data-testid="change-password-revoke-tokens">{t('password.revokeApiTokens')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  )
}
