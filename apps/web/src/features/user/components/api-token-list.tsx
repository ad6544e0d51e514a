// The customer's API tokens with their prefix, scopes and usage; revoke asks first.
import type { ApiToken } from '@proxy/contract/user/endpoints'
import { App, Button, Popconfirm, type TableColumnsType, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../shared/lib/format-date.ts'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import { useApiTokens } from '../api/list-api-tokens.ts'
import { useRevokeApiToken } from '../api/revoke-api-token.ts'
import { ApiScopeTags } from './api-token-scopes.tsx'

export const ApiTokenList = () => {
  const { t, i18n } = useTranslation('user')
  const { message } = App.useApp()
  const { data, isPending } = useApiTokens()
  const revoke = useRevokeApiToken()

  const onRevoke = (id: string) =>
    revoke.mutateAsync(id).then(() => void message.success(t('tokens.revoked')))

  const columns: TableColumnsType<ApiToken> = [
    { title: t('tokens.name'), dataIndex: 'name', ellipsis: true },
    {
      title: t('tokens.prefix'),
      dataIndex: 'prefix',
      render: (prefix: string) => <Typography.Text code>{`${prefix}…`}</Typography.Text>,
    },
    {
      title: t('tokens.scopes'),
      dataIndex: 'scopes',
      render: (scopes: ApiToken['scopes']) => <ApiScopeTags scopes={scopes} />,
    },
    {
      title: t('tokens.createdAt'),
      dataIndex: 'createdAt',
      responsive: ['sm'],
      render: (value: string) => formatDateTime(value, i18n.language),
    },
    {
      title: t('tokens.lastUsedAt'),
      dataIndex: 'lastUsedAt',
      responsive: ['md'],
      // When and from where: an address the owner does not know is how a leaked token shows itself.
      render: (value: string | null, record) =>
        value ? (
          <>
            <div>{formatDateTime(value, i18n.language)}</div>
            {record.lastUsedIp && (
              <Typography.Text type="secondary" data-testid="api-token-last-ip">
                {t('tokens.lastUsedFrom', { ip: record.lastUsedIp })}
              </Typography.Text>
            )}
          </>
        ) : (
          t('tokens.never')
        ),
    },
    {
      key: 'actions',
      align: 'right',
      render: (_, record) => (
        <Popconfirm
          title={t('tokens.revoke')}
          description={<div style={{ maxWidth: 260 }}>{t('tokens.revokeConfirm')}</div>}
          okButtonProps={{ danger: true }}
          onConfirm={() => onRevoke(record.id)}
        >
          <Button type="link" danger size="small">
            {t('tokens.revoke')}
          </Button>
        </Popconfirm>
      ),
    },
  ]

  return (
    <PagedTable<ApiToken>
      items={data?.items ?? []}
      columns={columns}
      rowKey="id"
      paging={false}
      isLoading={isPending}
      size="small"
      fitsWidth
      empty={t('tokens.empty')}
      data-testid="api-token-table"
    />
  )
}
