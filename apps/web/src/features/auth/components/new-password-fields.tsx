// A new password and its confirmation (contract length rules), for sign-up and for a password reset.
import { LockOutlined } from '@ant-design/icons'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@proxy/contract/wire'
import { Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'

export const NewPasswordFields = () => {
  const { t } = useTranslation('portal')
  return (
    <>
      <Form.Item
        name="password"
        label={t('form.password')}
        rules={[
          { required: true, message: t('form.passwordRequired') },
          { min: PASSWORD_MIN_LENGTH, message: t('form.passwordMin', { min: PASSWORD_MIN_LENGTH }) },
          { max: PASSWORD_MAX_LENGTH, message: t('form.passwordMax', { max: PASSWORD_MAX_LENGTH }) },
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('form.newPasswordPlaceholder', { min: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('form.confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('form.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('form.confirmMismatch'))),
          }),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('form.confirmPlaceholder')}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  )
}
