// Announcements from the operators at the top of the overview: newest first, in the reader's language,
// warnings in warning colours, text shown as text (never HTML). Each can be dismissed in this browser.
import type { Announcement } from '@proxy/contract/notices/endpoints'
import { Alert, Flex, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { useAnnouncements } from '../api/list-announcements.ts'

export const DISMISSED_ANNOUNCEMENTS_KEY = 'dismissed_announcements'
/** Dismissals kept: older ones no longer matter (their announcements are long gone). */
const MAX_DISMISSED = 50

const readDismissed = (): string[] => {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(DISMISSED_ANNOUNCEMENTS_KEY) ?? '[]')
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

const saveDismissed = (ids: string[]) => {
  try {
    window.localStorage.setItem(DISMISSED_ANNOUNCEMENTS_KEY, JSON.stringify(ids.slice(-MAX_DISMISSED)))
  } catch {
    // Private mode or a full storage: dismissed for this visit only.
  }
}

/** The title and body in the reader's language. */
export const announcementText = (announcement: Announcement, language: string) =>
  language.startsWith('zh')
    ? { title: announcement.titleZh, body: announcement.bodyZh }
    : { title: announcement.titleEn, body: announcement.bodyEn }

export const Announcements = () => {
  const { t, i18n } = useTranslation('overview')
  const { token } = theme.useToken()
  const { data } = useAnnouncements()
  const [dismissed, setDismissed] = useState(readDismissed)
  const shown = (data?.items ?? []).filter((item) => !dismissed.includes(item.id))
  if (shown.length === 0) return null

  const dismiss = (id: string) => {
    const next = [...dismissed.filter((other) => other !== id), id]
    saveDismissed(next)
    setDismissed(next)
  }

  return (
    <Flex
      vertical
      gap={token.marginSM}
      data-testid="announcements"
      aria-label={t('announcements.label')}
      role="region"
    >
      {shown.map((item) => {
        const { title, body } = announcementText(item, i18n.language)
        return (
          <Alert
            key={item.id}
            type={item.severity === 'warning' ? 'warning' : 'info'}
            showIcon
            closable={{ 'aria-label': t('announcements.dismiss') }}
            onClose={() => dismiss(item.id)}
            title={title}
            description={
              <Flex vertical gap={token.marginXXS}>
                <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{body}</span>
                <span style={{ fontSize: token.fontSizeSM, color: token.colorTextTertiary }}>
                  {formatLocalDateTime(item.publishAt, { withSeconds: false })}
                </span>
              </Flex>
            }
            data-testid="announcement"
            data-severity={item.severity}
          />
        )
      })}
    </Flex>
  )
}
