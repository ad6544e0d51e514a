// How customers see an announcement on their overview: a coloured alert (warnings stand out) with the
// title and the body as plain text, line breaks kept; one per language.
import type { AnnouncementSeverity } from '@proxy/contract/admin/announcements'
import { Alert, Flex, Typography, theme } from 'antd'
import { useAdminT } from '../../app/i18n.ts'

export type PreviewText = {
  severity: AnnouncementSeverity
  titleZh: string
  titleEn: string
  bodyZh: string
  bodyEn: string
}

const OneLanguage = ({
  label,
  severity,
  title,
  body,
}: {
  label: string
  severity: AnnouncementSeverity
  title: string
  body: string
}) => {
  const { token } = theme.useToken()
  return (
    <Flex vertical gap={token.marginXXS}>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {label}
      </Typography.Text>
      <Alert
        type={severity === 'warning' ? 'warning' : 'info'}
        showIcon
        title={title || '—'}
        description={<span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{body || '—'}</span>}
      />
    </Flex>
  )
}

export const AnnouncementPreview = ({ text }: { text: PreviewText }) => {
  const { t } = useAdminT()
  const { token } = theme.useToken()
  return (
    <Flex vertical gap={token.marginSM} data-testid="announcement-preview">
      <OneLanguage
        label={t('notices.languages.zh')}
        severity={text.severity}
        title={text.titleZh}
        body={text.bodyZh}
      />
      <OneLanguage
        label={t('notices.languages.en')}
        severity={text.severity}
        title={text.titleEn}
        body={text.bodyEn}
      />
    </Flex>
  )
}
