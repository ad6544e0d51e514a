// Turning off two-factor sign-in: the current password and a code (or a recovery code).
import { Alert, App, Form, Input, Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import { useDisableTwoFactor } from '../api/two-factor.ts'

type Values = { password: string; code: string }

export const DisableTwoFactorModal = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation('user')
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const disable = useDisableTwoFactor()

  const onFinish = ({ password, code }: Values) =>
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: () => {
          void message.success(t('security.twoFactor.disabled'))
          onClose()
        },
      },
    )

  return (
    <Modal
      open
      title={t('security.twoFactor.disable')}
      okText={t('security.twoFactor.disable')}
      okButtonProps={{ danger: true }}
      confirmLoading={disable.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="disable-two-factor-modal"
    >
      <Alert type="info" showIcon title={t('security.twoFactor.disableHint')} style={{ marginBottom: 16 }} />
      <Form form={form} name="two-factor-disable" layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item
          name="password"
          label={t('security.twoFactor.password')}
          rules={[{ required: true, message: t('security.twoFactor.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('security.twoFactor.disableCode')}
          rules={[{ required: true, message: t('security.twoFactor.disableCodeRequired') }]}
        >
          <Input autoComplete="one-time-code" maxLength={32} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
