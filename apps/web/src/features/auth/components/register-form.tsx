// 注册 tab: email, password (contract minimum) and confirmation; signs in on success.
import { Button } from 'antd'
import { useTranslation } from 'react-i18next'
import { useRegister } from '../api/register.ts'
import { AuthForm, EmailField } from './auth-form.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'
import { useCompleteSignIn } from './use-complete-sign-in.ts'

type Values = { email: string; password: string; confirm: string }

export const RegisterForm = () => {
  const { t } = useTranslation('portal')
  const register = useRegister()
  const { complete, isCompleting } = useCompleteSignIn()

  return (
    <AuthForm<Values>
      name="register"
      testId="register-form"
      error={register.error}
      onFinish={({ email, password }) => register.mutate({ email, password }, { onSuccess: complete })}
    >
      <EmailField />
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" block loading={register.isPending || isCompleting}>
        {t('form.register')}
      </Button>
    </AuthForm>
  )
}
