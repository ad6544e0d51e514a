// How to call the API from a script: base URL, the Bearer header, a curl example and the reference link.
import { ReadOutlined } from '@ant-design/icons'
import { Descriptions, Flex, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '../../../shared/ui/copy-button.tsx'

export const ApiAccess = () => {
  const { t } = useTranslation('user')
  const { token } = theme.useToken()
  const baseUrl = `${window.location.origin}/api`
  const curl = `curl -H "Authorization: Bearer <token>" ${baseUrl}/user/wallet`
  const codeBlock = {
    margin: 0,
    padding: `${token.paddingXS}px ${token.paddingSM}px`,
    background: token.colorFillTertiary,
    borderRadius: token.borderRadius,
    fontFamily: token.fontFamilyCode,
    fontSize: token.fontSizeSM,
    whiteSpace: 'pre-wrap' as const,
    wordBreak: 'break-all' as const,
    flex: 1,
  }
  return (
    <Descriptions
      column={1}
      size="small"
      styles={{ label: { width: 132, whiteSpace: 'nowrap' } }}
      bordered
      items={[
        {
          key: 'base',
          label: t('api.baseUrl'),
          children: (
            <Flex align="center" gap={token.marginXS}>
              <code style={codeBlock} data-testid="api-base-url">
                {baseUrl}
              </code>
              <CopyButton value={baseUrl} />
            </Flex>
          ),
        },
        {
          key: 'auth',
          label: t('api.auth'),
          children: (
            <Flex vertical gap={token.marginXXS}>
              <span>{t('api.authText')}</span>
              <code style={codeBlock}>Authorization: Bearer &lt;token&gt;</code>
            </Flex>
          ),
        },
        {
          key: 'example',
          label: t('api.example'),
          children: (
            <Flex vertical gap={token.marginXS}>
              <Flex align="flex-start" gap={token.marginXS}>
                <pre style={codeBlock} data-testid="api-curl">
                  {curl}
                </pre>
                <CopyButton value={curl} />
              </Flex>
              <Typography.Link href="/api/docs" target="_blank" rel="noopener noreferrer">
                <ReadOutlined /> {t('api.docs')}
              </Typography.Link>
            </Flex>
          ),
        },
      ]}
    />
  )
}
