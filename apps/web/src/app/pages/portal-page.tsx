// /portal/home and /portal/auth inside the console (after signing out, or an address the guard sent there): the same
// light portal as index.html's island, wired to the console's router, i18n and query cache.
import type { SessionToken } from '@proxy/contract/auth/endpoints'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { useTrafficPlans } from '../../features/traffic/api/get-traffic-plans.ts'
import { Portal } from '../../portal/portal-page.tsx'
import { useCatalog } from '../../shared/api/get-catalog.ts'
import { savePreferences } from '../../shared/api/update-me.ts'
import { DEFAULT_LANGUAGE, isLanguage, type Language, persistLanguage } from '../../shared/i18n/language.ts'
import { hasToken, storeToken } from '../../shared/session/token.ts'
import { restoreAfterSignIn } from '../session/restore-after-sign-in.ts'

export const PortalPage = () => {
  const { i18n } = useTranslation()
  const navigate = useNavigate()
  const { search } = useLocation()
  const queryClient = useQueryClient()
  const regions = useCatalog().data?.regions ?? []
  const plans = useTrafficPlans().data?.plans ?? []

  const onLanguage = (language: Language) => {
    persistLanguage(language)
    void i18n.changeLanguage(language)
    if (hasToken()) void savePreferences(queryClient, { language }).catch(() => undefined)
  }

  const onSignedIn = async ({ token, expiresAt }: SessionToken, target: string) => {
    storeToken(token, expiresAt)
    await restoreAfterSignIn(queryClient)
    void navigate(target, { replace: true })
  }

  return (
    <Portal
      language={isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE}
      onLanguage={onLanguage}
      navigate={(to) => void navigate(to)}
      search={search}
      isSignedIn={hasToken()}
      offer={{ regions, plans }}
      onSignedIn={onSignedIn}
    />
  )
}
