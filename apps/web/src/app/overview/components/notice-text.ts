// A notice in the reader's language: known kinds are written from their params; anything else (a new kind, or
// params that do not fit) keeps the title and body the server wrote in Chinese.
import type { Notice } from '@proxy/contract/notices/endpoints'
import type { TFunction } from 'i18next'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'

export type NoticeText = { title: string; body: string }

type Params = Notice['params']
type T = TFunction<'overview'>

const text = (params: Params, key: string): string | null => {
  const value = params[key]
  if (typeof value === 'number') return String(value)
  return typeof value === 'string' && value.trim() !== '' ? value : null
}

const whole = (params: Params, key: string): number | null => {
  const value = params[key]
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : null
}

const REASONS = ['insufficient-balance', 'failed'] as const

/** The server lists names with ", "; Chinese text separates them with 、. */
const nameList = (names: string, language: string) =>
  language.startsWith('zh') ? names.split(', ').join('、') : names

type Writer = (params: Params, t: T, language: string) => NoticeText | null

const writers = new Map<string, Writer>(
  Object.entries({
    'auto-renew-failed': (params, t, language) => {
      const count = whole(params, 'count')
      const names = text(params, 'names')
      const reason = REASONS.find((known) => known === params.reason)
      if (count === null || names === null || !reason) return null
      return {
        title: t('notices.kinds.autoRenewFailed.title', { count }),
        body: t('notices.kinds.autoRenewFailed.body', {
          count,
          names: nameList(names, language),
          reason: t(`notices.reasons.${reason}`),
        }),
      }
    },
    'traffic-package-80': (params, t, language) => {
      const planName = text(params, 'planName')
      const orderNo = text(params, 'orderNo')
      const usedPercent = whole(params, 'usedPercent')
      const remainingBytes = whole(params, 'remainingBytes')
      if (planName === null || orderNo === null || usedPercent === null || remainingBytes === null)
        return null
      return {
        title: t('notices.kinds.trafficPackage80.title', { usedPercent }),
        body: t('notices.kinds.trafficPackage80.body', {
          planName,
          orderNo,
          usedPercent,
          remaining: formatBytes(remainingBytes, language),
        }),
      }
    },
    'traffic-exhausted': (_, t) => ({
      title: t('notices.kinds.trafficExhausted.title'),
      body: t('notices.kinds.trafficExhausted.body'),
    }),
    'instances-expiring': (params, t, language) => {
      const count = whole(params, 'count')
      const names = text(params, 'names')
      const days = whole(params, 'days')
      if (count === null || names === null || days === null) return null
      return {
        title: t('notices.kinds.instancesExpiring.title', { count, days }),
        body: t('notices.kinds.instancesExpiring.body', { count, names: nameList(names, language), days }),
      }
    },
  } satisfies Record<string, Writer>),
)

export const noticeText = (notice: Notice, t: T, language: string): NoticeText =>
  writers.get(notice.kind)?.(notice.params, t, language) ?? { title: notice.title, body: notice.body }
