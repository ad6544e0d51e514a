// The centred card of the stand-alone pages (sign-in, password change), with the language switch.
import { Card, Flex, Typography, theme } from 'antd'
import type { ReactNode } from 'react'
import { CenteredScreen } from '../../shared/ui/centered-screen.tsx'
import { AdminLanguageSwitch } from '../app/language-switch.tsx'

export const SignInCard = ({ title, children }: { title: string; children: ReactNode }) => {
  const { token } = theme.useToken()
  return (
    <CenteredScreen>
      <Card style={{ maxWidth: 420, margin: '0 auto' }}>
        <Flex
          justify="space-between"
          align="center"
          gap={token.marginSM}
          style={{ marginBottom: token.marginLG }}
        >
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          <AdminLanguageSwitch />
        </Flex>
        {children}
      </Card>
    </CenteredScreen>
  )
}

/** Where to go after sign-in or a password change: the wanted page, if it is one of the console's. */
export const safeRedirect = (value: string | null): string =>
  value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login') ? value : '/'
