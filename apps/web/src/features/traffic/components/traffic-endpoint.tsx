// One endpoint of the traffic account: its address and a ready connection string, each with a copy button.
import type { TrafficAccount } from '@proxy/contract/traffic/endpoints'
import { Flex, Tag, Typography, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '../../../shared/ui/copy-button.tsx'
import { connectionString, hostPort } from './traffic-package.ts'

export const MASK = '••••••••'

export const Code = ({ children, testId }: { children: ReactNode; testId?: string }) => {
  const { token } = theme.useToken()
  return (
    <span style={{ fontFamily: token.fontFamilyCode, wordBreak: 'break-all' }} data-testid={testId}>
      {children}
    </span>
  )
}

export const TrafficEndpoint = ({
  endpoint,
  account,
  isRevealed,
}: {
  endpoint: TrafficAccount['endpoints'][number]
  account: TrafficAccount
  isRevealed: boolean
}) => {
  const { t } = useTranslation('traffic')
  const { token } = theme.useToken()
  const url = connectionString(endpoint, account)
  const shown = isRevealed ? url : connectionString(endpoint, account, MASK)
  return (
    <Flex
      vertical
      gap={token.marginXS}
      data-testid={`endpoint-${endpoint.protocol}`}
      style={{
        height: '100%',
        padding: token.paddingSM,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <Flex justify="space-between" align="center" gap={token.marginXS}>
        <Flex align="center" gap={token.marginXS} style={{ minWidth: 0 }}>
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>
            {t(`protocols.${endpoint.protocol}`)}
          </Tag>
          <Code testId="endpoint-address">{hostPort(endpoint)}</Code>
        </Flex>
        <CopyButton value={hostPort(endpoint)} type="text" iconOnly />
      </Flex>
      <Flex justify="space-between" align="center" gap={token.marginXS}>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {t('account.connection')}
        </Typography.Text>
        <CopyButton value={url} />
      </Flex>
      <Typography.Paragraph
        style={{
          fontFamily: token.fontFamilyCode,
          fontSize: token.fontSizeSM,
          wordBreak: 'break-all',
          background: token.colorFillTertiary,
          padding: token.paddingXS,
          borderRadius: token.borderRadius,
          margin: 0,
        }}
        data-testid="endpoint-url"
      >
        {shown}
      </Typography.Paragraph>
    </Flex>
  )
}
