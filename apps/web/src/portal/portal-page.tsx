// /portal/home and /portal/auth without antd (SPEC §2): the product story on a dark panel, the sign-in card
// (title 登录, tabs 账号 / 注册) or the way into the console when signed in, and what is on sale now — live
// regions and plans, each a link to a ready checkout. The same view is prerendered into index.html at build time.
import type { SessionToken } from '@proxy/contract/auth/endpoints'
import { formatBytes } from '@proxy/contract/bytes'
import type { Region } from '@proxy/contract/static-ip/catalog'
import { formatBalance } from '@proxy/contract/wire'
import { type MouseEvent, type ReactNode, useState } from 'react'
import { LANGUAGES, type Language } from '../shared/i18n/language.ts'
import { afterSignInPath, REDIRECT_PARAM } from '../shared/session/redirect.ts'
import { LogoMark } from '../shared/ui/logo-mark.tsx'
import { Icon } from './icon.tsx'
import type { IconName } from './icons.ts'
import type { Offer } from './portal-api.ts'
import { type FormContext, RegisterForm, SignInForm } from './portal-forms.tsx'
import { type Translate, translator } from './portal-text.ts'

export const lineBuyPath = (regionId: string) => `/console/line-buy?region=${encodeURIComponent(regionId)}`
export const routerBuyPath = (planId: string) => `/console/router-buy?plan=${encodeURIComponent(planId)}`

/** Only what can be bought right now: a region without stock is not advertised. */
export const regionsOnSale = (regions: readonly Region[]): Region[] =>
  regions.filter((region) => region.stock > 0)

const regionLabel = (region: Region, language: Language): string => {
  const isEnglish = language === 'en-US'
  return `${isEnglish && region.countryEn ? region.countryEn : region.country} · ${
    isEnglish && region.cityEn ? region.cityEn : region.city
  }`
}

export type PortalProps = {
  language: Language
  onLanguage: (language: Language) => void
  /** Moves within the app (the console's router, or the portal island's hand-over to the console). */
  navigate: (to: string) => void
  /** The address's query: its ?redirect= is where signing in leads. */
  search: string
  isSignedIn: boolean
  offer: Offer
  /** Keeps the session and goes to `target`; resolves once the page has moved on. */
  onSignedIn: (session: SessionToken, target: string) => Promise<void>
}

/** A plain link that the app follows itself on a plain click (a new tab still works). */
const AppLink = ({
  to,
  navigate,
  className,
  testId,
  children,
}: {
  to: string
  navigate: (to: string) => void
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

const LanguageSwitch = ({
  language,
  onLanguage,
  t,
}: Pick<PortalProps, 'language' | 'onLanguage'> & { t: Translate }) => (
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

const Brand = ({
  t,
  language,
  onLanguage,
  navigate,
}: Pick<PortalProps, 'language' | 'onLanguage' | 'navigate'> & { t: Translate }) => (
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

const FEATURES: readonly { key: string; icon: IconName }[] = [
  { key: 'staticIp', icon: 'global' },
  { key: 'traffic', icon: 'thunderbolt' },
  { key: 'wallet', icon: 'wallet' },
  { key: 'api', icon: 'api' },
]
const TRUST = ['dedicated', 'ledger', 'protocols', 'revoke'] as const

const Section = ({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) => (
  <section className="pt-stack pt-gap-sm">
    <h2 className="pt-section-title">
      <Icon name={icon} />
      {title}
    </h2>
    <div className="pt-chips">{children}</div>
  </section>
)

const Details = ({
  t,
  language,
  offer,
  navigate,
}: Pick<PortalProps, 'language' | 'offer' | 'navigate'> & { t: Translate }) => {
  const onSale = regionsOnSale(offer.regions)
  return (
    <div className="pt-stack pt-gap-xl">
      <div className="pt-grid">
        {FEATURES.map(({ key, icon }) => (
          <div key={key} className="pt-panel pt-stack pt-gap-xs">
            <Icon name={icon} className="pt-feature-icon" />
            <strong>{t(`features.${key}.title`)}</strong>
            <span className="pt-soft">{t(`features.${key}.text`)}</span>
          </div>
        ))}
      </div>
      {onSale.length > 0 && (
        <Section icon="environment" title={t('regions.title')}>
          {onSale.map((region) => (
            <AppLink
              key={region.id}
              to={lineBuyPath(region.id)}
              navigate={navigate}
              className="pt-chip"
              testId={`portal-region-${region.id}`}
            >
              <span className="pt-badge">{region.countryCode.toUpperCase()}</span>
              <span>{regionLabel(region, language)}</span>
              <span className="pt-soft">
                {t('regions.price', { price: formatBalance(region.pricePer30Days) })}
              </span>
            </AppLink>
          ))}
        </Section>
      )}
      {offer.plans.length > 0 && (
        <Section icon="thunderbolt" title={t('plans.title')}>
          {offer.plans.map((plan) => (
            <AppLink
              key={plan.id}
              to={routerBuyPath(plan.id)}
              navigate={navigate}
              className="pt-chip"
              testId={`portal-plan-${plan.id}`}
            >
              <span className="pt-badge">{formatBytes(plan.sizeBytes)}</span>
              <span>{formatBalance(plan.price)}</span>
              <span className="pt-soft">{t('plans.validity', { count: plan.validityDays })}</span>
            </AppLink>
          ))}
        </Section>
      )}
      <ul className="pt-grid pt-trust">
        {TRUST.map((point) => (
          <li key={point}>
            <Icon name="checkCircleFilled" className="pt-ok" />
            <span>{t(`trust.${point}`)}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

const TABS = ['account', 'register'] as const

const SignedIn = ({
  t,
  target,
  navigate,
}: {
  t: Translate
  target: string
  navigate: (to: string) => void
}) => (
  <div className="pt-stack pt-gap-sm pt-signed-in">
    <Icon name="checkCircleFilled" className="pt-signed-in-icon" />
    <h3>{t('signedIn.title')}</h3>
    <span className="pt-muted">{t('signedIn.text')}</span>
    <button
      type="button"
      className="pt-button pt-primary pt-large pt-block"
      onClick={() => navigate(target)}
      data-testid="enter-console"
    >
      {t('signedIn.enter')}
    </button>
  </div>
)

const AuthCard = (props: PortalProps & { t: Translate }) => {
  const { t } = props
  const [tab, setTab] = useState<(typeof TABS)[number]>('account')
  const target = afterSignInPath(new URLSearchParams(props.search).get(REDIRECT_PARAM))
  const ctx: FormContext = {
    t,
    language: props.language,
    navigate: props.navigate,
    onSession: (session) => props.onSignedIn(session, target),
  }
  return (
    <div className="pt-card">
      <h2 className="pt-card-title" data-testid="auth-title">
        {t('card.title')}
      </h2>
      <p className="pt-muted pt-card-subtitle">{t('card.subtitle')}</p>
      {props.isSignedIn ? (
        <SignedIn t={t} target={target} navigate={props.navigate} />
      ) : (
        <>
          <div className="pt-tabs" role="tablist">
            {TABS.map((key) => (
              <button
                key={key}
                type="button"
                role="tab"
                id={`pt-tab-${key}`}
                aria-selected={tab === key}
                aria-controls={`pt-panel-${key}`}
                className={tab === key ? 'pt-tab pt-tab-on' : 'pt-tab'}
                onClick={() => setTab(key)}
              >
                {t(key === 'account' ? 'card.accountTab' : 'card.registerTab')}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`pt-panel-${tab}`} aria-labelledby={`pt-tab-${tab}`}>
            {tab === 'account' ? <SignInForm ctx={ctx} /> : <RegisterForm ctx={ctx} />}
          </div>
        </>
      )}
    </div>
  )
}

/** The whole portal screen, the same for the prerendered page, the island and the console's route. */
export const Portal = (props: PortalProps) => {
  const t = translator(props.language)
  return (
    <div className="pt-page">
      <div className="pt-brand">
        <Brand t={t} language={props.language} onLanguage={props.onLanguage} navigate={props.navigate} />
      </div>
      <main className="pt-auth">
        <AuthCard {...props} t={t} />
        <div className="pt-footer">{t('footer', { year: new Date().getFullYear() })}</div>
      </main>
      <div className="pt-details">
        <Details t={t} language={props.language} offer={props.offer} navigate={props.navigate} />
      </div>
    </div>
  )
}
