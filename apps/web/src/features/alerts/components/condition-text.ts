// A condition in a sentence, in the console's language: "Traffic left below 2 GB", "Sub-user team-a
// reaching 80% of its limit" (the name comes from useSubUserName).
import type { AlertCondition } from '@proxy/contract/alerts/rules'
import { formatBalance } from '@proxy/contract/wire'
import { useTranslation } from 'react-i18next'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'

export const conditionValue = (condition: AlertCondition, language: string): string => {
  switch (condition.kind) {
    case 'traffic-left-bytes':
      return formatBytes(condition.bytes, language)
    case 'traffic-left-percent':
      return String(condition.percent)
    case 'wallet-below':
      return formatBalance(condition.amount)
    case 'static-ips-expiring':
      return String(condition.days)
    case 'sub-user-share':
      return String(condition.percent)
  }
}

/** The sub-user a condition names, if it names one. */
export const watchedSubUserOf = (condition: AlertCondition): string | undefined =>
  condition.kind === 'sub-user-share' ? condition.subUserId : undefined

/**
 * The sentence of a condition; `subUser` is the watched sub-user's username, null once it is deleted,
 * undefined while it loads.
 */
export const useConditionText = () => {
  const { t, i18n } = useTranslation('alerts')
  return (condition: AlertCondition, subUser?: string | null) => {
    const value = conditionValue(condition, i18n.language)
    if (condition.kind !== 'sub-user-share') return t(`describe.${condition.kind}`, { value })
    if (!condition.subUserId) return t('describe.sub-user-share-any', { value })
    const name = subUser === null ? t('describe.deletedSubUser') : (subUser ?? '…')
    return t('describe.sub-user-share', { value, name })
  }
}
