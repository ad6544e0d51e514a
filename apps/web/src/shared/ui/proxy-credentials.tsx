// The new or ordered proxies with everything needed to connect: ip:port, username, password, protocol.
import type { Instance } from '@proxy/contract/static-ip/instances'
import { Flex, Table, type TableProps, Tag, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { CopyButton } from './copy-button.tsx'
import { SecretText } from './secret-text.tsx'
import { useIsNarrow } from './use-is-narrow.ts'

export const addressOf = (instance: Pick<Instance, 'ip' | 'port'>) => `${instance.ip}:${instance.port}`

const Copyable = ({ value }: { value: string }) => {
  const { token } = theme.useToken()
  return (
    <Flex align="center" gap={token.marginXXS} style={{ whiteSpace: 'nowrap' }}>
      <span style={{ fontFamily: token.fontFamilyCode }}>{value}</span>
      <CopyButton value={value} type="text" />
    </Flex>
  )
}

export const ProxyCredentials = ({ instances }: { instances: Instance[] }) => {
  const { t } = useTranslation('static-ip')
  const { token } = theme.useToken()
  const isNarrow = useIsNarrow()

  if (isNarrow)
    return (
      <Flex vertical gap={token.marginSM} data-testid="proxy-credentials">
        {instances.map((instance) => (
          <div
            key={instance.id}
            data-testid="proxy-row"
            style={{
              padding: token.paddingSM,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadiusLG,
            }}
          >
            <Flex justify="space-between" align="center">
              <Copyable value={addressOf(instance)} />
              <Tag>{t(`protocols.${instance.protocol}`)}</Tag>
            </Flex>
            <Flex align="center" gap={token.marginXS}>
              <Typography.Text type="secondary">{t('columns.username')}</Typography.Text>
              <Copyable value={instance.username} />
            </Flex>
            <Flex align="center" gap={token.marginXS}>
              <Typography.Text type="secondary">{t('columns.password')}</Typography.Text>
              <SecretText value={instance.password} />
            </Flex>
          </div>
        ))}
      </Flex>
    )

  const columns: TableProps<Instance>['columns'] = [
    { title: t('columns.address'), key: 'address', render: (_, row) => <Copyable value={addressOf(row)} /> },
    {
      title: t('columns.username'),
      dataIndex: 'username',
      render: (value: string) => <Copyable value={value} />,
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
    <Table<Instance>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={instances}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="proxy-credentials"
    />
  )
}
