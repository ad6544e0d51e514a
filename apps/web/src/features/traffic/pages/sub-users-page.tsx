// /console/subUsers: the sub-users of the traffic account, and the auto-stop of the account's own login.
import { Flex, theme } from 'antd'
import { LoginAutoStopCard } from '../components/login-auto-stop-card.tsx'
import { SubUsersCard } from '../components/sub-users-card.tsx'

export const SubUsersPage = () => {
  const { token } = theme.useToken()
  return (
    <Flex vertical gap={token.margin}>
      <SubUsersCard />
      <LoginAutoStopCard />
    </Flex>
  )
}
