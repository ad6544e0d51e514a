// A top-up order that can no longer be paid: what happened, and what to do next.
import type { TopUpOrder } from '@proxy/contract/wallet/topups'
import { Flex, Result, Typography, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Money } from '../../../shared/ui/money.tsx'
import type { EndedState } from './order-state.ts'

type Props = { order: TopUpOrder; state: EndedState; extra: ReactNode }

export const OrderEnded = ({ order, state, extra }: Props) => {
  const { t } = useTranslation('wallet')
  const { token } = theme.useToken()
  return (
    <Result
      status={state === 'cancelled' ? 'info' : 'warning'}
      title={<span data-testid="order-ended-title">{t(`ended.${state}.title`)}</span>}
      subTitle={
        <Flex vertical gap={token.marginXXS} align="center">
          <span>{t(`ended.${state}.text`)}</span>
          <span>
            {t('order.orderNo')}: <Typography.Text code>{order.orderNo}</Typography.Text>
            {' · '}
            {t('order.amount')}: <Money amount={order.amount} />
          </span>
        </Flex>
      }
      extra={extra}
      data-testid={`order-${state}`}
    />
  )
}
