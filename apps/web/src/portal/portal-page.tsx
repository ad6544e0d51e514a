// /portal/home and /portal/auth without antd (SPEC §2): the product story on a dark panel, the sign-in card
// (title 登录, tabs 账号 / 注册) or the way into the console when signed in, and what is on sale now — live
// regions and plans, each a link to a ready checkout. The same view is prerendered into index.html at build time.
import type { SessionToken } from '@proxy/contract/auth/endpoints'
import { useState } from 'react'
import type { Language } from '../shared/i18n/language.ts'
import { afterSignInPath, REDIRECT_PARAM } from '../shared/session/redirect.ts'
import { Icon } from './icon.tsx'
import type { Offer } from './portal-api.ts'
import { Brand } from './portal-brand.tsx'
import type { FormContext } from './portal-form-kit.tsx'
import { RegisterForm, SignInForm } from './portal-forms.tsx'
import { Details } from './portal-offer.tsx'
import { type Translate, translator } from './portal-text.ts'

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
