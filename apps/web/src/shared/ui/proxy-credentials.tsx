// The new or ordered proxies with everything needed to connect: ip:port, username, password, protocol.
import type { Instance } from '@proxy/contract/static-ip/instances'
import { Flex, type TableColumnsType, Tag, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { CopyableCode } from './copyable-code.tsx'
import { PagedTable } from './paged-table/paged-table.tsx'
import { SecretText } from './secret-text.tsx'

export const addressOf = (instance: Pick<Instance, 'ip' | 'port'>) => `${instance.ip}:${instance.port}`

const ProxyCard = ({ instance }: { instance: Instance }) => {
  const { t } = useTranslation('static-ip')
  const { token } = theme.useToken()
  return (
    <div data-testid="proxy-row">
      <Flex justify="space-between" align="center">
        <CopyableCode value={addressOf(instance)} />
        <Tag>{t(`protocols.${instance.protocol}`)}</Tag>
      </Flex>
      <Flex align="center" gap={token.marginXS}>
        <Typography.Text type="secondary">{t('columns.username')}</Typography.Text>
        <CopyableCode value={instance.username} />
      </Flex>
      <Flex align="center" gap={token.marginXS}>
        <Typography.Text type="secondary">{t('columns.password')}</Typography.Text>
        <SecretText value={instance.password} />
      </Flex>
    </div>
  )
}

export const ProxyCredentials = ({ instances }: { instances: Instance[] }) => {
  const { t } = useTranslation('static-ip')
  const columns: TableColumnsType<Instance> = [
    {
      title: t('columns.address'),
      key: 'address',
      render: (_, row) => <CopyableCode value={addressOf(row)} />,
    },
    {
      title: t('columns.username'),
      dataIndex: 'username',
      render: (value: string) => <CopyableCode value={value} />,
    },
    {
      title: t('columns.password'),
      dataIndex: 'password',
      render: (value: string) => <SecretText value={value} />,
    },
    {
      title: t('columns.protocol'),
      dataIndex: 'protocol',
      render: (value: Instance['protocol']) => <Tag>{t(`protocols.${value}`)}</Tag>,
    },
  ]
  return (
    <PagedTable<Instance>
      items={instances}
      columns={columns}
      rowKey="id"
      paging={false}
      size="small"
      renderCard={(instance) => <ProxyCard instance={instance} />}
      data-testid="proxy-credentials"
    />
  )
}
