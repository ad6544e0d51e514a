// A condition in a sentence, in the console's language: "Traffic left below 2 GB".
import type { AlertCondition } from '@proxy/contract/alerts/rules'
import { formatBalance } from '@proxy/contract/wire'
import type { TFunction } from 'i18next'
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

export const describeCondition = (t: TFunction<'alerts'>, condition: AlertCondition, language: string) =>
  t(`describe.${condition.kind}`, { value: conditionValue(condition, language) })
