// The way on from the payment result: console, billing records, buying static IPs — after the state's own
// next step (continue paying, top up again, check again), which comes first.
import { Button, Flex, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'

type Props = { children?: ReactNode; isConsolePrimary?: boolean }

export const PayActions = ({ children, isConsolePrimary = false }: Props) => {
  const { t } = useTranslation('wallet')
  const { token } = theme.useToken()
  const navigate = useNavigate()
  return (
    <Flex vertical align="center" gap={token.marginSM}>
      {children && (
        <Flex gap={token.marginSM} wrap justify="center">
          {children}
        </Flex>
      )}
      <Flex gap={token.marginSM} wrap justify="center" data-testid="pay-actions">
        <Button type={isConsolePrimary ? 'primary' : 'default'} onClick={() => navigate('/console/overview')}>
          {t('actions.backConsole')}
        </Button>
        <Button onClick={() => navigate('/console/businessFlow')}>{t('actions.billing')}</Button>
        <Button onClick={() => navigate('/console/buyStaticIP')}>{t('actions.buyStaticIp')}</Button>
      </Flex>
    </Flex>
  )
}
