// An endpoint's delivery log in a drawer: time, event, status, attempts, the last answer and the next
// retry, newest first; cards on a phone. Refreshed every few seconds while a delivery is pending.
import type { WebhookDelivery, WebhookEndpoint } from '@proxy/contract/alerts/webhooks'
import { Drawer, Flex, type TableColumnsType, Tag, Typography, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { CardLine } from '../../../shared/ui/paged-table/card-line.tsx'
import { CopyableCell, NOWRAP, NoValue } from '../../../shared/ui/paged-table/columns.tsx'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { useWebhookDeliveries } from '../api/list-webhook-deliveries.ts'

const STATUS_COLORS = { pending: 'processing', delivered: 'success', failed: 'error' } as const

const StatusTag = ({ status }: Pick<WebhookDelivery, 'status'>) => {
  const { t } = useTranslation('alerts')
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="delivery-status">
      {t(`deliveries.statuses.${status}`)}
    </Tag>
  )
}

/** The last attempt's outcome in words: `HTTP 500`, `Timed out`; null before the first attempt. */
const useLastAnswer = () => {
  const { t } = useTranslation('alerts')
  return ({ lastError, lastStatusCode }: WebhookDelivery): string | null => {
    if (lastError) return t(`deliveries.errors.${lastError}`, { code: lastStatusCode ?? '' })
    return lastStatusCode === null ? null : `HTTP ${lastStatusCode}`
  }
}

const time = (iso: string | null) =>
  iso ? <span style={NOWRAP}>{formatLocalDateTime(iso, { withSeconds: true })}</span> : <NoValue />

const DeliveryCard = ({ delivery }: { delivery: WebhookDelivery }) => {
  const { t } = useTranslation('alerts')
  const { token } = theme.useToken()
  const lastAnswer = useLastAnswer()(delivery)
  return (
    <Flex vertical gap={token.marginXS} data-testid="delivery-card">
      <Flex justify="space-between" align="center" gap={token.marginXS}>
        <Typography.Text strong>{t(`deliveries.eventTypes.${delivery.eventType}`)}</Typography.Text>
        <StatusTag status={delivery.status} />
      </Flex>
      <CardLine label={t('deliveries.createdAt')}>{time(delivery.createdAt)}</CardLine>
      <CardLine label={t('deliveries.attempts')}>{delivery.attempts}</CardLine>
      <CardLine label={t('deliveries.lastAnswer')}>{lastAnswer ?? <NoValue />}</CardLine>
      <CardLine label={t('deliveries.nextAttempt')}>{time(delivery.nextAttemptAt)}</CardLine>
    </Flex>
  )
}

export const DeliveryLog = ({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null
  onClose: () => void
}) => {
  const { t } = useTranslation('alerts')
  const isNarrow = useIsNarrow()
  const [page, setPage] = useState({ page: 1, pageSize: 10 })
  const { data, isFetching } = useWebhookDeliveries(endpoint?.id ?? null, page.page, page.pageSize)
  const lastAnswer = useLastAnswer()
  const columns: TableColumnsType<WebhookDelivery> = [
    { title: t('deliveries.createdAt'), dataIndex: 'createdAt', render: time },
    {
      title: t('deliveries.event'),
      dataIndex: 'eventType',
      render: (type: WebhookDelivery['eventType']) => t(`deliveries.eventTypes.${type}`),
    },
    {
      title: t('deliveries.eventId'),
      dataIndex: 'eventId',
      render: (id: string) => <CopyableCell value={id} isSmall />,
    },
    { title: t('deliveries.status'), dataIndex: 'status', render: (status) => <StatusTag status={status} /> },
    { title: t('deliveries.attempts'), dataIndex: 'attempts', align: 'right' },
    { title: t('deliveries.lastAnswer'), key: 'last', render: (_, row) => lastAnswer(row) ?? <NoValue /> },
    { title: t('deliveries.nextAttempt'), dataIndex: 'nextAttemptAt', render: time },
  ]
  return (
    <Drawer
      open={endpoint !== null}
      onClose={onClose}
      title={t('deliveries.title')}
      size={isNarrow ? '100%' : 960}
      destroyOnHidden
      afterOpenChange={(open) => open || setPage({ page: 1, pageSize: 10 })}
    >
      {endpoint && (
        <Typography.Paragraph type="secondary" style={{ wordBreak: 'break-all' }}>
          {endpoint.url}
        </Typography.Paragraph>
      )}
      <PagedTable<WebhookDelivery>
        items={data?.items ?? []}
        columns={columns}
        rowKey="id"
        size="small"
        paging={{
          page: page.page,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          onPage: (next, pageSize) => setPage({ page: next, pageSize }),
        }}
        isLoading={isFetching && !data}
        empty={t('deliveries.empty')}
        renderCard={(delivery) => <DeliveryCard delivery={delivery} />}
        rowTestId="delivery-row"
        data-testid="delivery-log"
      />
    </Drawer>
  )
}
