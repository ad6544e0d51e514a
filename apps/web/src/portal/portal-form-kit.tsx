// The portal's small form kit, drawn like the console's antd forms (same field ids, labels, rules and
// messages) without loading antd: a field with its icon and error, the submit button, the form's error,
// and the hook that checks the rules and runs the call.
import type { SessionToken } from '@proxy/contract/auth/endpoints'
import { type FormEvent, type ReactNode, useState } from 'react'
import type { Language } from '../shared/i18n/language.ts'
import { Icon } from './icon.tsx'
import type { IconName } from './icons.ts'
import { describeFailure } from './portal-api.ts'
import type { Translate } from './portal-text.ts'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export type FormContext = {
  t: Translate
  language: Language
  /** Keeps the session and goes on (to ?redirect= or the overview); resolves when the page has moved on. */
  onSession: (session: SessionToken) => Promise<void>
  navigate: (to: string) => void
}

export type Rule = (value: string, values: Record<string, string>) => string | null

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

export const Field = ({ form, name, label, icon, type = 'text', error, ...input }: FieldProps) => {
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

export const Submit = ({ isBusy, children }: { isBusy: boolean; children: ReactNode }) => (
  <button type="submit" className="pt-button pt-primary pt-block" disabled={isBusy} aria-busy={isBusy}>
    {isBusy && <span className="pt-spinner" aria-hidden="true" />}
    {children}
  </button>
)

export const FormError = ({ message }: { message: string | null }) =>
  message === null ? null : (
    <div className="pt-alert" role="alert" data-testid="form-error">
      <Icon name="closeCircleFilled" />
      <span>{message}</span>
    </div>
  )

/** The fields' values, their rule failures (shown once submitted or once a field was left), and the call's state. */
export const useForm = (rules: Record<string, Rule[]>, ctx: FormContext) => {
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

export const required =
  (message: string): Rule =>
  (value) =>
    value.trim() === '' ? message : null

export const emailRules = (t: Translate): Rule[] => [
  required(t('form.emailRequired')),
  (value) => (EMAIL.test(value.trim()) ? null : t('form.emailInvalid')),
]
