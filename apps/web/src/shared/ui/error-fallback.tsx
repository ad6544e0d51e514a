// What a render error looks like (SPEC §4): fixed message and the retry button. Kept light (no Result) because
// it ships in the first chunk.
import { WarningFilled } from '@ant-design/icons'
import { Button, Flex, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { CenteredScreen } from './centered-screen.tsx'

type Props = { onRetry: () => void; fullScreen?: boolean | undefined }

export const ErrorFallback = ({ onRetry, fullScreen = false }: Props) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const content = (
    <Flex
      vertical
      align="center"
      gap={token.marginLG}
      style={{ padding: token.paddingXL, textAlign: 'center' }}
    >
      <WarningFilled style={{ fontSize: 72, color: token.colorWarning }} />
      <h2 style={{ margin: 0, fontSize: token.fontSizeHeading3, fontWeight: 600, color: token.colorText }}>
        {t('errorBoundary.title')}
      </h2>
      <Button type="primary" size="large" onClick={onRetry}>
        {t('errorBoundary.retry')}
      </Button>
    </Flex>
  )
  return fullScreen ? <CenteredScreen>{content}</CenteredScreen> : content
}
