// A full-height, centred page for stand-alone screens (not found, errors, payment result).
import { Flex, theme } from 'antd'
import type { ReactNode } from 'react'

export const CenteredScreen = ({ children }: { children: ReactNode }) => {
  const { token } = theme.useToken()
  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: '100vh', padding: token.paddingLG, background: token.colorBgLayout }}
    >
      <div style={{ width: '100%', maxWidth: 640 }}>{children}</div>
    </Flex>
  )
}
