// "你好，<name or email>" with the account's email and age.
import { Flex, Skeleton, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { useMe } from '../../../shared/api/get-me.ts'

export const Greeting = () => {
  const { t } = useTranslation('overview')
  const { token } = theme.useToken()
  const { data: me } = useMe()
  if (!me) return <Skeleton active title paragraph={{ rows: 1 }} />
  return (
    <Flex vertical gap={token.marginXXS}>
      <Typography.Title level={3} style={{ margin: 0 }} data-testid="greeting">
        {t('greeting', { name: me.name || me.email })}
      </Typography.Title>
      <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
    </Flex>
  )
}
