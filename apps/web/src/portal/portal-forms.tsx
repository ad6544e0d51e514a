// The sign-in island: 账号 (email and password, then a code on an account with two-factor sign-in) and 注册, drawn
// like the console's antd forms (same field ids, labels, rules and messages) without loading antd.
import type { SessionToken } from '@proxy/contract/auth/endpoints'
import { ACCOUNT_PAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@proxy/contract/wire'
import { type FormEvent, type ReactNode, useState } from 'react'
import type { Language } from '../shared/i18n/language.ts'
import { Icon } from './icon.tsx'
import type { IconName } from './icons.ts'
import { describeFailure, login, loginTwoFactor, register } from './portal-api.ts'
import type { Translate } from './portal-text.ts'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export type FormContext = {
  t: Translate
  language: Language
  /** Keeps the session and goes on (to ?redirect= or the overview); resolves when the page has moved on. */
  onSession: (session: SessionToken) => Promise<void>
  navigate: (to: string) => void
}

type Rule = (value: string, values: Record<string, string>) => string | null

type FieldProps = {
  form: string
  name: string
  label: string
  icon: IconName
  type?: 'text' | 'email' | 'password'
  placeholder: string
  autoComplete: string
  error: string | null
  autoFocus?: boolean
  maxLength?: number
}

const Field = ({ form, name, label, icon, type = 'text', error, ...input }: FieldProps) => {
  const [isShown, setIsShown] = useState(false)
  const id = `${form}_${name}`
  const isPassword = type === 'password'
  return (
    <div className={error ? 'pt-field pt-field-error' : 'pt-field'}>
      <label htmlFor={id}>{label}</label>
      <span className="pt-input">
        <Icon name={icon} />
        <input
          id={id}
          name={name}
          type={isPassword && !isShown ? 'password' : isPassword ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}_help` : undefined}
          {...input}
        />
        {isPassword && (
          // Like antd's eye: a pointer convenience, out of the tab order and of the accessibility tree.
          <button
            type="button"
            className="pt-eye"
            tabIndex={-1}
            aria-hidden="true"
            onClick={() => setIsShown(!isShown)}
          >
            <Icon name={isShown ? 'eye' : 'eyeInvisible'} />
          </button>
        )}
      </span>
      {error && (
        <div className="pt-help" id={`${id}_help`} role="alert">
          {error}
        </div>
      )}
    </div>
  )
}

const Submit = ({ isBusy, children }: { isBusy: boolean; children: ReactNode }) => (
  <button type="submit" className="pt-button pt-primary pt-block" disabled={isBusy} aria-busy={isBusy}>
    {isBusy && <span className="pt-spinner" aria-hidden="true" />}
    {children}
  </button>
)

const FormError = ({ message }: { message: string | null }) =>
  message === null ? null : (
    <div className="pt-alert" role="alert" data-testid="form-error">
      <Icon name="closeCircleFilled" />
      <span>{message}</span>
    </div>
  )

/** The fields' values, their rule failures (shown once submitted or once a field was left), and the call's state. */
const useForm = (rules: Record<string, Rule[]>, ctx: FormContext) => {
  const [errors, setErrors] = useState<Record<string, string | null>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)

  const check = (form: HTMLFormElement, only?: string): Record<string, string> | null => {
    const values = Object.fromEntries(
      Object.keys(rules).map((name) => [name, (form.elements.namedItem(name) as HTMLInputElement).value]),
    )
    const found = Object.fromEntries(
      Object.entries(rules).map(([name, list]) => [
        name,
        list.reduce<string | null>((error, rule) => error ?? rule(values[name] ?? '', values), null),
      ]),
    )
    setErrors((previous) => (only === undefined ? found : { ...previous, [only]: found[only] ?? null }))
    return Object.values(found).every((error) => error === null) ? values : null
  }

  const submit =
    (run: (values: Record<string, string>) => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const values = check(event.currentTarget)
      if (values === null || isBusy) return
      setIsBusy(true)
      setFailure(null)
      try {
        await run(values)
      } catch (error) {
        setFailure(describeFailure(error, ctx.language, ctx.t))
      }
      setIsBusy(false)
    }

  const onBlur = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement
    if (target.name in rules && target.value !== '') check(event.currentTarget, target.name)
  }

  return { errors, failure, isBusy, submit, onBlur, clearFailure: () => setFailure(null) }
}

const required =
  (message: string): Rule =>
  (value) =>
    value.trim() === '' ? message : null

const emailRules = (t: Translate): Rule[] => [
  required(t('form.emailRequired')),
  (value) => (EMAIL.test(value.trim()) ? null : t('form.emailInvalid')),
]

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
