// 注册 tab: email, password (contract minimum) and confirmation; signs in on success.
import { LockOutlined, MailOutlined } from '@ant-design/icons'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@proxy/contract/wire'
import { Button, Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { useRegister } from '../api/register.ts'
import { FormError } from './form-error.tsx'
import { useCompleteSignIn } from './use-complete-sign-in.ts'

type Values = { email: string; password: string; confirm: string }

export const RegisterForm = () => {
  const { t } = useTranslation('portal')
  const register = useRegister()
  const { complete } = useCompleteSignIn()

  return (
    <Form<Values>
      name="register"
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={({ email, password }) => register.mutate({ email, password }, { onSuccess: complete })}
      data-testid="register-form"
    >
      <FormError error={register.error} />
      <Form.Item
        name="email"
        label={t('form.email')}
        rules={[
          { required: true, message: t('form.emailRequired') },
          { type: 'email', message: t('form.emailInvalid') },
        ]}
      >
        <Input prefix={<MailOutlined />} placeholder={t('form.emailPlaceholder')} autoComplete="email" />
      </Form.Item>
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
      <Button type="primary" htmlType="submit" block loading={register.isPending}>
        {t('form.register')}
      </Button>
    </Form>
  )
}
