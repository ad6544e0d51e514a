// The free address replacements of an order's IPs: when, which line, the old and the new address, why.
import type { Instance } from '@proxy/contract/static-ip/instances'
import type { IpReplacement } from '@proxy/contract/static-ip/replacement'
import { Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'

type Props = { replacements: IpReplacement[]; instances: Pick<Instance, 'id' | 'lineInstanceName'>[] }

export const OrderReplacements = ({ replacements, instances }: Props) => {
  const { t } = useTranslation('orders')
  const names = new Map(instances.map((instance) => [instance.id, instance.lineInstanceName]))
  return (
    <div data-testid="order-replacements">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('replacements.title')}
      </Typography.Title>
      <Table<IpReplacement>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={replacements}
        columns={[
          {
            key: 'time',
            title: t('replacements.time'),
            render: (_, row) => formatLocalDateTime(row.createdAt),
          },
          {
            key: 'line',
            title: t('replacements.line'),
            render: (_, row) => names.get(row.instanceId) ?? row.instanceId,
          },
          {
            key: 'change',
            title: t('replacements.change'),
            render: (_, row) => (
              <span data-testid="replacement-change">
                {row.oldIp} → {row.newIp}
              </span>
            ),
          },
          {
            key: 'reason',
            title: t('replacements.reason'),
            render: (_, row) => t(`replacements.reasons.${row.reason}`),
          },
        ]}
      />
    </div>
  )
}
