// After a purchase: the order, the packages it opened and the way on to the package list.
import type { Order } from '@proxy/contract/orders/endpoints'
import type { TrafficPackage } from '@proxy/contract/traffic/endpoints'
import { Button, Descriptions, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { ResultView } from '../../../shared/ui/buy-flow/result-view.tsx'
import { Money } from '../../../shared/ui/money.tsx'
import { PACK_LIST_PATH } from './traffic-paths.ts'

type Props = { order: Order; packages: TrafficPackage[]; planLabel: string; onAgain: () => void }

export const TrafficResult = ({ order, packages, planLabel, onAgain }: Props) => {
  const { t, i18n } = useTranslation('traffic')
  const { token } = theme.useToken()
  const navigate = useNavigate()
  const totalBytes = packages.reduce((sum, item) => sum + item.totalBytes, 0)
  const expiresAt = packages[0]?.expiresAt
  // On a phone the pay button sat far down the page: the outcome brings itself into view.
  return (
    <ResultView
      title={t('result.title')}
      subTitle={t('result.subtitle', { orderNo: order.orderNo, count: packages.length })}
      shouldScrollIntoView
      actions={
        <>
          <Button type="primary" onClick={() => navigate(PACK_LIST_PATH)} data-testid="to-pack-list">
            {t('result.toList')}
          </Button>
          <Button onClick={onAgain}>{t('result.again')}</Button>
        </>
      }
    >
      <Descriptions
        column={{ xs: 1, sm: 2 }}
        size="small"
        bordered
        style={{ maxWidth: 720, margin: '0 auto' }}
        styles={{ label: { whiteSpace: 'nowrap' } }}
        items={[
          {
            key: 'orderNo',
            label: t('result.orderNo'),
            children: (
              <Typography.Text
                copyable
                style={{ fontFamily: token.fontFamilyCode }}
                data-testid="result-order"
              >
                {order.orderNo}
              </Typography.Text>
            ),
          },
          {
            key: 'packages',
            label: t('result.packages'),
            children: <span data-testid="result-packages">{`${planLabel} × ${packages.length}`}</span>,
          },
          {
            key: 'size',
            label: t('buy.totalSize'),
            children: <span data-testid="result-size">{formatBytes(totalBytes, i18n.language)}</span>,
          },
          { key: 'total', label: t('result.paid'), children: <Money amount={order.total} strong /> },
          ...(expiresAt
            ? [
                {
                  key: 'expires',
                  label: t('result.expiresAt'),
                  children: formatLocalDateTime(expiresAt, { withSeconds: false }),
                },
              ]
            : []),
        ]}
      />
    </ResultView>
  )
}
