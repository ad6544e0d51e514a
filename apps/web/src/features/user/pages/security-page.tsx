// /console/security (账户安全, from the user menu): two-factor sign-in, signed-in devices and the
// sign-in history.
import { Flex, theme } from 'antd'
import { SessionsCard } from '../components/sessions-card.tsx'
import { SignInHistory } from '../components/sign-in-history.tsx'
import { TwoFactorCard } from '../components/two-factor-card.tsx'

export const SecurityPage = () => {
  const { token } = theme.useToken()
  return (
    <Flex vertical gap={token.marginLG} data-testid="security-page">
      <TwoFactorCard />
      <SessionsCard />
      <SignInHistory />
    </Flex>
  )
}
