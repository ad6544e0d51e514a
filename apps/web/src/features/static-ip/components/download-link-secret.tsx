// A download link's URL, shown once after it is made or reset: the secret is not kept, so this is the
// only time it can be copied. A curl line shows how a tool fetches it.
import { Alert, Button, Flex, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { CopyableCodeBlock } from '../../../shared/ui/copyable-code.tsx'
import { downloadLinkUrl } from './download-link-options.ts'

type Props = { name: string; secret: string; onDismiss: () => void }

export const DownloadLinkSecret = ({ name, secret, onDismiss }: Props) => {
  const { t } = useTranslation('static-ip')
  const { token } = theme.useToken()
  const url = downloadLinkUrl(window.location.origin, secret)
  return (
    <Alert
      type="success"
      showIcon
      title={t('downloadLinks.secretTitle', { name })}
      description={
        <Flex vertical gap={token.marginXS}>
          <span>{t('downloadLinks.secretNotice')}</span>
          <CopyableCodeBlock value={url} data-testid="download-link-url" />
          <Typography.Text type="secondary">{t('downloadLinks.curl')}</Typography.Text>
          <CopyableCodeBlock value={`curl -fsS '${url}'`} isOneLine />
          <Button size="small" style={{ alignSelf: 'flex-start' }} onClick={onDismiss}>
            {t('downloadLinks.dismiss')}
          </Button>
        </Flex>
      }
      data-testid="download-link-secret"
    />
  )
}
