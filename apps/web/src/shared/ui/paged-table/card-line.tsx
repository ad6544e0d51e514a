// One label–value line of a list card (the phone form of a table row): label left, value right.
import { Flex, Typography, theme } from 'antd'
import type { ReactNode } from 'react'

export const CardLine = ({ label, children }: { label: string; children: ReactNode }) => {
  const { token } = theme.useToken()
  return (
    <Flex justify="space-between" align="center" gap={token.marginXS}>
      <Typography.Text type="secondary" style={{ flexShrink: 0 }}>
        {label}
      </Typography.Text>
      <span style={{ textAlign: 'end', minWidth: 0 }}>{children}</span>
    </Flex>
  )
}
