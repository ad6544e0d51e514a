// The portal's dark panel: the logo, the docs link, the language switch and the product story; and the
// plain link the whole portal uses to move within the app.
import type { MouseEvent, ReactNode } from 'react'
import { LANGUAGES, type Language } from '../shared/i18n/language.ts'
import { LogoMark } from '../shared/ui/logo-mark.tsx'
import { Icon } from './icon.tsx'
import type { Translate } from './portal-text.ts'

type Navigate = (to: string) => void
type Languages = { language: Language; onLanguage: (language: Language) => void; t: Translate }

/** A plain link that the app follows itself on a plain click (a new tab still works). */
export const AppLink = ({
  to,
  navigate,
  className,
  testId,
  children,
}: {
  to: string
  navigate: Navigate
  className?: string
  testId?: string
  children: ReactNode
}) => (
  <a
    href={to}
    className={className}
    data-testid={testId}
    onClick={(event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      event.preventDefault()
      navigate(to)
    }}
  >
    {children}
  </a>
)

const LanguageSwitch = ({ language, onLanguage, t }: Languages) => (
  <div
    className="pt-segmented"
    role="radiogroup"
    aria-label={t('common:language.label')}
    data-testid="language-switch"
  >
    {LANGUAGES.map((option) => (
      <label key={option} className={option === language ? 'pt-segment pt-segment-on' : 'pt-segment'}>
        <input
          type="radio"
          name="language"
          value={option}
          checked={option === language}
          onChange={() => onLanguage(option)}
        />
        <span title={t(`common:language.${option}`)}>{t(`common:language.${option}`)}</span>
      </label>
    ))}
  </div>
)

export const Brand = ({ t, language, onLanguage, navigate }: Languages & { navigate: Navigate }) => (
  <div className="pt-stack pt-gap-xl">
    <div className="pt-row pt-between">
      <AppLink to="/portal/home" navigate={navigate} className="pt-logo">
        <LogoMark />
        <span>{t('common:product.name')}</span>
      </AppLink>
      <div className="pt-row pt-gap-xxs">
        <a className="pt-button pt-text" href="/api/docs" target="_blank" rel="noreferrer">
          <Icon name="read" />
          <span className="pt-docs-label">{t('nav.docs')}</span>
        </a>
        <LanguageSwitch language={language} onLanguage={onLanguage} t={t} />
      </div>
    </div>
    <div className="pt-stack pt-gap-sm pt-hero">
      <span className="pt-eyebrow">{t('hero.eyebrow')}</span>
      <h1>
        <span>{t('hero.titleLead')}</span>
        <span className="pt-accent">{t('hero.titleRest')}</span>
      </h1>
      <p>{t('hero.subtitle')}</p>
    </div>
  </div>
)
