// 账号 tab: email and password sign-in.
import { LockOutlined, MailOutlined } from '@ant-design/icons'
import type { Credentials } from '@proxy/contract/auth/endpoints'
import { Button, Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { useLogin } from '../api/login.ts'
import { FormError } from './form-error.tsx'
import { useCompleteSignIn } from './use-complete-sign-in.ts'

export const SignInForm = () => {
  const { t } = useTranslation('portal')
  const login = useLogin()
  const { complete } = useCompleteSignIn()

  return (
    <Form<Credentials>
      name="login"
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={(values) => login.mutate(values, { onSuccess: complete })}
      data-testid="sign-in-form"
    >
      <FormError error={login.error} />
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
        rules={[{ required: true, message: t('form.passwordRequired') }]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('form.passwordPlaceholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        {t('form.login')}
      </Button>
    </Form>
  )
}
