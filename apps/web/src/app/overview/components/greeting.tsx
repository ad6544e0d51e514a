// "你好，<name or email>" with the account's email and age.
import { Flex, Skeleton, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { useMe } from '../../../shared/api/get-me.ts'
import { Text, Title } from '../../../shared/ui/text.tsx'

export const Greeting = () => {
  const { t } = useTranslation('overview')
  const { token } = theme.useToken()
  const { data: me } = useMe()
  if (!me) return <Skeleton active title paragraph={{ rows: 1 }} />
  return (
    <Flex vertical gap={token.marginXXS}>
      <Title level={3} style={{ margin: 0 }} data-testid="greeting">
        {t('greeting', { name: me.name || me.email })}
      </Title>
      <Text type="secondary">{t('subtitle')}</Text>
    </Flex>
  )
}
