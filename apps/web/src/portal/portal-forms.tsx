// The sign-in island: 账号 (email and password, then a code on an account with two-factor sign-in) and 注册,
// built from the portal's form kit.
import { ACCOUNT_PAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@proxy/contract/wire'
import { useState } from 'react'
import { Icon } from './icon.tsx'
import { login, loginTwoFactor, register } from './portal-api.ts'
import {
  emailRules,
  Field,
  type FormContext,
  FormError,
  required,
  Submit,
  useForm,
} from './portal-form-kit.tsx'

const TwoFactorStep = ({
  challenge,
  onBack,
  ctx,
}: {
  challenge: string
  onBack: () => void
  ctx: FormContext
}) => {
  const { t } = ctx
  const form = useForm(
    {
      code: [
        required(t('twoFactor.codeRequired')),
        (value) => (value.trim().length < 6 || value.trim().length > 32 ? t('twoFactor.codeInvalid') : null),
      ],
    },
    ctx,
  )
  return (
    <form
      className="pt-form"
      noValidate
      data-testid="two-factor-step"
      onBlur={form.onBlur}
      onSubmit={form.submit(async ({ code = '' }) =>
        ctx.onSession(await loginTwoFactor(challenge, code.trim())),
      )}
    >
      <FormError message={form.failure} />
      <p className="pt-muted">{t('twoFactor.hint')}</p>
      <Field
        form="login-2fa"
        name="code"
        label={t('twoFactor.code')}
        icon="safety"
        placeholder={t('twoFactor.codePlaceholder')}
        autoComplete="one-time-code"
        autoFocus
        maxLength={32}
        error={form.errors.code ?? null}
      />
      <Submit isBusy={form.isBusy}>{t('twoFactor.verify')}</Submit>
      <button type="button" className="pt-button pt-link pt-block" onClick={onBack}>
        <Icon name="arrowLeft" />
        {t('twoFactor.back')}
      </button>
    </form>
  )
}

export const SignInForm = ({ ctx }: { ctx: FormContext }) => {
  const { t } = ctx
  const [challenge, setChallenge] = useState<string | null>(null)
  const form = useForm({ email: emailRules(t), password: [required(t('form.passwordRequired'))] }, ctx)
  if (challenge !== null)
    return <TwoFactorStep challenge={challenge} onBack={() => setChallenge(null)} ctx={ctx} />
  return (
    <form
      className="pt-form"
      noValidate
      data-testid="sign-in-form"
      onBlur={form.onBlur}
      onSubmit={form.submit(async ({ email = '', password = '' }) => {
        const answer = await login({ email: email.trim(), password })
        if ('twoFactorRequired' in answer) setChallenge(answer.challenge)
        else await ctx.onSession(answer)
      })}
    >
      <FormError message={form.failure} />
      <Field
        form="login"
        name="email"
        label={t('form.email')}
        icon="mail"
        type="email"
        placeholder={t('form.emailPlaceholder')}
        autoComplete="email"
        error={form.errors.email ?? null}
      />
      <Field
        form="login"
        name="password"
        label={t('form.password')}
        icon="lock"
        type="password"
        placeholder={t('form.passwordPlaceholder')}
        autoComplete="current-password"
        error={form.errors.password ?? null}
      />
      <div className="pt-forgot">
        <a
          href={ACCOUNT_PAGES.forgotPassword}
          data-testid="forgot-password-link"
          onClick={(event) => {
            event.preventDefault()
            ctx.navigate(ACCOUNT_PAGES.forgotPassword)
          }}
        >
          {t('form.forgotPassword')}
        </a>
      </div>
      <Submit isBusy={form.isBusy}>{t('form.login')}</Submit>
    </form>
  )
}

export const RegisterForm = ({ ctx }: { ctx: FormContext }) => {
  const { t } = ctx
  const form = useForm(
    {
      email: emailRules(t),
      password: [
        required(t('form.passwordRequired')),
        (value) =>
          value.length < PASSWORD_MIN_LENGTH ? t('form.passwordMin', { min: PASSWORD_MIN_LENGTH }) : null,
        (value) =>
          value.length > PASSWORD_MAX_LENGTH ? t('form.passwordMax', { max: PASSWORD_MAX_LENGTH }) : null,
      ],
      confirm: [
        required(t('form.confirmRequired')),
        (value, values) => (value === values.password ? null : t('form.confirmMismatch')),
      ],
    },
    ctx,
  )
  return (
    <form
      className="pt-form"
      noValidate
      data-testid="register-form"
      onBlur={form.onBlur}
      onSubmit={form.submit(async ({ email = '', password = '' }) =>
        ctx.onSession(await register({ email: email.trim(), password })),
      )}
    >
      <FormError message={form.failure} />
      <Field
        form="register"
        name="email"
        label={t('form.email')}
        icon="mail"
        type="email"
        placeholder={t('form.emailPlaceholder')}
        autoComplete="email"
        error={form.errors.email ?? null}
      />
      <Field
        form="register"
        name="password"
        label={t('form.password')}
        icon="lock"
        type="password"
        placeholder={t('form.newPasswordPlaceholder', { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        error={form.errors.password ?? null}
      />
      <Field
        form="register"
        name="confirm"
        label={t('form.confirmPassword')}
        icon="lock"
        type="password"
        placeholder={t('form.confirmPlaceholder')}
        autoComplete="new-password"
        error={form.errors.confirm ?? null}
      />
      <Submit isBusy={form.isBusy}>{t('form.register')}</Submit>
    </form>
  )
}
