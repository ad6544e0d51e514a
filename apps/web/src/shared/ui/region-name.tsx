// A region as the reader's language names it, behind a badge with its ISO country code (flag emoji need a
// font that Windows and many Linux desktops lack, so they would show as two letters or boxes anyway).
import type { Region } from '@proxy/contract/static-ip/catalog'
import { theme } from 'antd'
import { useTranslation } from 'react-i18next'

type Named = Pick<Region, 'countryCode' | 'country' | 'city'> & Partial<Pick<Region, 'countryEn' | 'cityEn'>>

export const regionLabel = (region: Named, language: string): string => {
  const isEnglish = language.startsWith('en')
  const country = isEnglish && region.countryEn ? region.countryEn : region.country
  const city = isEnglish && region.cityEn ? region.cityEn : region.city
  return `${country} · ${city}`
}

export const CountryBadge = ({ countryCode }: { countryCode: string }) => {
  const { token } = theme.useToken()
  return (
    <span
      style={{
        display: 'inline-block',
        minWidth: 26,
        marginInlineEnd: 6,
        padding: '0 4px',
        borderRadius: token.borderRadiusSM,
        background: token.colorFillSecondary,
        color: token.colorTextSecondary,
        fontSize: 11,
        fontWeight: 600,
        lineHeight: '18px',
        textAlign: 'center',
        letterSpacing: 0.5,
        verticalAlign: 1,
      }}
    >
      {countryCode.toUpperCase()}
    </span>
  )
}

/** `isCompact`: the badge and the city only (the whole name on hover), for wide tables. */
export const RegionName = ({ region, isCompact = false }: { region: Named; isCompact?: boolean }) => {
  const { i18n } = useTranslation()
  const label = regionLabel(region, i18n.language)
  const city = i18n.language.startsWith('en') && region.cityEn ? region.cityEn : region.city
  return (
    <span style={{ whiteSpace: 'nowrap' }} title={isCompact ? label : undefined}>
      <CountryBadge countryCode={region.countryCode} />
      {isCompact ? city : label}
    </span>
  )
}
