// What is on sale now, from the live catalogue: each region with stock and each traffic plan, priced, and each a link
// to a ready checkout (signed-out visitors sign in first and come back to it through ?redirect=).
import { EnvironmentOutlined, ThunderboltOutlined } from '@ant-design/icons'
import type { Region } from '@proxy/contract/static-ip/catalog'
import type { TrafficPlan } from '@proxy/contract/traffic/endpoints'
import { formatBalance } from '@proxy/contract/wire'
import { Flex, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { regionLabel } from '../../../shared/ui/region-name.tsx'

export const lineBuyPath = (regionId: string) => `/console/line-buy?region=${encodeURIComponent(regionId)}`
export const routerBuyPath = (planId: string) => `/console/router-buy?plan=${encodeURIComponent(planId)}`

/** Only what can be bought right now: a region without stock is not advertised. */
export const regionsOnSale = (regions: readonly Region[]): Region[] =>
  regions.filter((region) => region.stock > 0)

const chip = {
  background: 'rgba(255,255,255,0.07)',
  border: '1px solid rgba(255,255,255,0.12)',
  borderRadius: 999,
  padding: '4px 12px 4px 4px',
  color: '#fff',
}
const badge = { background: '#2f54eb', borderRadius: 999, padding: '0 8px', fontSize: 12, fontWeight: 600 }
const muted = { color: 'rgba(255,255,255,0.65)' }

const Section = ({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) => {
  const { token } = theme.useToken()
  return (
    <Flex vertical gap={token.marginSM}>
      <Flex align="center" gap={token.marginXS} style={{ color: 'rgba(255,255,255,0.85)' }}>
        {icon}
        <strong>{title}</strong>
      </Flex>
      <Flex gap={token.marginXS} wrap>
        {children}
      </Flex>
    </Flex>
  )
}

type Props = { regions: readonly Region[]; plans: readonly TrafficPlan[] }

export const PortalOffer = ({ regions, plans }: Props) => {
  const { t, i18n } = useTranslation('portal')
  const { token } = theme.useToken()
  const onSale = regionsOnSale(regions)
  return (
    <>
      {onSale.length > 0 && (
        <Section icon={<EnvironmentOutlined />} title={t('regions.title')}>
          {onSale.map((region) => (
            <Link key={region.id} to={lineBuyPath(region.id)} data-testid={`portal-region-${region.id}`}>
              <Flex align="center" gap={token.marginXS} style={chip}>
                <span style={badge}>{region.countryCode.toUpperCase()}</span>
                <span>{regionLabel(region, i18n.language)}</span>
                <span style={muted}>
                  {t('regions.price', { price: formatBalance(region.pricePer30Days) })}
                </span>
              </Flex>
            </Link>
          ))}
        </Section>
      )}
      {plans.length > 0 && (
        <Section icon={<ThunderboltOutlined />} title={t('plans.title')}>
          {plans.map((plan) => (
            <Link key={plan.id} to={routerBuyPath(plan.id)} data-testid={`portal-plan-${plan.id}`}>
              <Flex align="center" gap={token.marginXS} style={chip}>
                <span style={badge}>{formatBytes(plan.sizeBytes)}</span>
                <span>{formatBalance(plan.price)}</span>
                <span style={muted}>{t('plans.validity', { count: plan.validityDays })}</span>
              </Flex>
            </Link>
          ))}
        </Section>
      )}
    </>
  )
}
