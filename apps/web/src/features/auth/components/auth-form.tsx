// The frame every sign-in and sign-up form shares: the antd form with the server's error on top, and the
// e-mail field.
import { MailOutlined } from '@ant-design/icons'
import { Form, Input } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { FormError } from './form-error.tsx'

type Props<Values> = {
  name: string
  testId: string
  error: unknown
  onFinish: (values: Values) => void
  children: ReactNode
}

export const AuthForm = <Values,>({ name, testId, error, onFinish, children }: Props<Values>) => (
  <Form<Values>
    name={name}
    layout="vertical"
    requiredMark={false}
    size="large"
    onFinish={onFinish}
    data-testid={testId}
  >
    <FormError error={error} />
    {children}
  </Form>
)

export const EmailField = () => {
  const { t } = useTranslation('portal')
  return (
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
  )
}
