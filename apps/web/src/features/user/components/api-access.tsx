// How to call the API from a script: base URL, the Bearer header, a curl example and the reference link.
import { ReadOutlined } from '@ant-design/icons'
import { Descriptions, Flex, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { CodeBlock, CopyableCodeBlock } from '../../../shared/ui/copyable-code.tsx'

export const ApiAccess = () => {
  const { t } = useTranslation('user')
  const { token } = theme.useToken()
  const baseUrl = `${window.location.origin}/api`
  const curl = `curl -H "Authorization: Bearer <token>" ${baseUrl}/user/wallet`
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
          children: <CopyableCodeBlock value={baseUrl} data-testid="api-base-url" />,
        },
        {
          key: 'auth',
          label: t('api.auth'),
          children: (
            <Flex vertical gap={token.marginXXS}>
              <span>{t('api.authText')}</span>
              <CodeBlock>Authorization: Bearer &lt;token&gt;</CodeBlock>
            </Flex>
          ),
        },
        {
          key: 'example',
          label: t('api.example'),
          children: (
            <Flex vertical gap={token.marginXS}>
              <CopyableCodeBlock value={curl} isOneLine data-testid="api-curl" />
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
