// The stand-alone portal pages of account recovery and verification: logo, language switch, a title
// and the page's form or result, on a card that fills a phone's width.
import { Card, Flex, theme } from 'antd'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { CenteredScreen } from '../../../shared/ui/centered-screen.tsx'
import { LanguageSwitch } from '../../../shared/ui/language-switch.tsx'
import { Logo } from '../../../shared/ui/logo.tsx'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'

type Props = { title: string; subtitle?: string; children: ReactNode; testId: string }

export const AccountPageFrame = ({ title, subtitle, children, testId }: Props) => {
  const { token } = theme.useToken()
  const isNarrow = useIsNarrow()
  return (
    <CenteredScreen>
      <Card
        variant="borderless"
        style={{ maxWidth: 440, marginInline: 'auto', boxShadow: token.boxShadowTertiary }}
        styles={{ body: { padding: isNarrow ? token.padding : token.paddingLG } }}
        data-testid={testId}
      >
        <Flex justify="space-between" align="center" gap={token.marginSM} wrap>
          <Link to="/portal/home" style={{ display: 'flex' }}>
            <Logo />
          </Link>
          <LanguageSwitch />
        </Flex>
        <h2
          style={{ margin: `${token.marginLG}px 0 ${token.marginXXS}px`, fontSize: token.fontSizeHeading3 }}
          data-testid="account-page-title"
        >
          {title}
        </h2>
        {subtitle && (
          <p style={{ margin: `0 0 ${token.marginMD}px`, color: token.colorTextSecondary }}>{subtitle}</p>
        )}
        {children}
      </Card>
    </CenteredScreen>
  )
}
