// One endpoint of the traffic account: its address and a ready connection string, each with a copy button.
import type { TrafficAccount } from '@proxy/contract/traffic/endpoints'
import { Flex, Tag, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { CopyableCode, CopyableCodeBlock } from '../../../shared/ui/copyable-code.tsx'
import { MASK } from '../../../shared/ui/secret-text.tsx'
import { connectionString, hostPort } from './traffic-package.ts'

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
      <Flex align="center" gap={token.marginXS}>
        <Tag color="blue" style={{ marginInlineEnd: 0 }}>
          {t(`protocols.${endpoint.protocol}`)}
        </Tag>
        <CopyableCode value={hostPort(endpoint)} isLong iconOnly isFullWidth data-testid="endpoint-address" />
      </Flex>
      <CopyableCodeBlock
        value={url}
        shown={isRevealed ? url : connectionString(endpoint, account, MASK)}
        label={
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {t('account.connection')}
          </Typography.Text>
        }
        data-testid="endpoint-url"
      />
    </Flex>
  )
}
