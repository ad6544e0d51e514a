// What the portal offers: the features, the live regions and plans (each a link to a ready checkout) and
// the trust points.
import { formatBytes } from '@proxy/contract/bytes'
import type { Region } from '@proxy/contract/static-ip/catalog'
import { formatBalance } from '@proxy/contract/wire'
import type { ReactNode } from 'react'
import type { Language } from '../shared/i18n/language.ts'
import { Icon } from './icon.tsx'
import type { IconName } from './icons.ts'
import type { Offer } from './portal-api.ts'
import { AppLink } from './portal-brand.tsx'
import type { Translate } from './portal-text.ts'

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

export const Details = ({
  t,
  language,
  offer,
  navigate,
}: {
  t: Translate
  language: Language
  offer: Offer
  navigate: (to: string) => void
}) => {
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
