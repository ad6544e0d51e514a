// A condition in a sentence, in the console's language: "Traffic left below 2 GB".
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
  }
}

export const useConditionText = () => {
  const { t, i18n } = useTranslation('alerts')
  return (condition: AlertCondition) =>
    t(`describe.${condition.kind}`, { value: conditionValue(condition, i18n.language) })
}
