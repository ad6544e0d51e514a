// The sub-users list with its search, count and time zone, and the dialogs it opens: create or edit, the
// password shown once, and one sub-user's usage.
import { PlusOutlined } from '@ant-design/icons'
import type { SubUser, SubUserWithPassword } from '@proxy/contract/traffic/sub-users'
import { Alert, Button, Card, Flex, Input, Typography, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useListParams } from '../../../shared/lib/list-params.ts'
import { pagedList } from '../../../shared/ui/paged-table/paged-list.ts'
import { useTrafficAccount } from '../api/get-traffic-account.ts'
import { useSubUsers } from '../api/list-sub-users.ts'
import type { SubUserHandlers } from './sub-user-actions.tsx'
import { SubUserFormModal } from './sub-user-form-modal.tsx'
import { SubUserPasswordModal } from './sub-user-password-modal.tsx'
import { SubUserTable } from './sub-user-table.tsx'
import { SubUserUsageDrawer } from './sub-user-usage-drawer.tsx'

type Editing = { sub: SubUser | undefined } | null

export const SubUsersCard = () => {
  const { t } = useTranslation('traffic', { keyPrefix: 'subUsers' })
  const { token } = theme.useToken()
  const listParams = useListParams()
  const { params, page, pageSize, update } = listParams
  const q = params.get('q') ?? ''
  const { data, isFetching, isError, refetch } = useSubUsers({ page, pageSize, ...(q && { q }) })
  const [editing, setEditing] = useState<Editing>(null)
  const [password, setPassword] = useState<{ sub: SubUserWithPassword; isNew: boolean } | null>(null)
  const [usageOf, setUsageOf] = useState<SubUser | null>(null)
  const handlers: SubUserHandlers = {
    onEdit: (sub) => setEditing({ sub }),
    onUsage: setUsageOf,
    onPassword: (sub, isNew) => setPassword({ sub, isNew }),
  }
  const isFull = data ? data.total >= data.max : false
  // Sub-users spend the account's packages: with none left, none of them can connect.
  const isAccountSpent = useTrafficAccount().data?.status === 'disabled'

  return (
    <Card
      variant="borderless"
      title={t('title')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={isFull}
          onClick={() => setEditing({ sub: undefined })}
          data-testid="sub-user-create"
        >
          {t('create')}
        </Button>
      }
      data-testid="sub-users"
    >
      <Flex vertical gap={token.margin}>
        <Typography.Text type="secondary">{t('hint')}</Typography.Text>
        {isAccountSpent && (
          <Alert
            type="info"
            showIcon
            title={t('noTraffic')}
            action={
              <Link to="/console/buyTrafficFlow">
                <Button size="small">{t('buy')}</Button>
              </Link>
            }
            data-testid="sub-users-no-traffic"
          />
        )}
        <Flex justify="space-between" align="center" gap={token.marginSM} wrap>
          <Input.Search
            allowClear
            defaultValue={q}
            placeholder={t('search')}
            onSearch={(value) => update({ q: value.trim() || null, page: null })}
            style={{ maxWidth: 280 }}
            data-testid="sub-user-search"
          />
          {data && (
            <Typography.Text type={isFull ? 'warning' : 'secondary'} data-testid="sub-user-count">
              {t('count', { used: data.total, max: data.max })} · {t('timeZone', { tz: data.timeZone })}
            </Typography.Text>
          )}
        </Flex>
        {isError && !data ? (
          <Alert
            type="error"
            showIcon
            title={t('failed')}
            action={
              <Button size="small" onClick={() => void refetch()}>
                {t('retry')}
              </Button>
            }
          />
        ) : (
          <SubUserTable
            list={pagedList(listParams, data, { isLoading: isFetching && !data, isFiltered: q !== '' })}
            handlers={handlers}
          />
        )}
      </Flex>
      <SubUserFormModal
        key={editing?.sub?.id ?? 'new'}
        open={editing !== null}
        sub={editing?.sub}
        onClose={() => setEditing(null)}
        onCreated={(sub) => {
          setEditing(null)
          setPassword({ sub, isNew: true })
        }}
      />
      <SubUserPasswordModal shown={password} onClose={() => setPassword(null)} />
      <SubUserUsageDrawer sub={usageOf} onClose={() => setUsageOf(null)} />
    </Card>
  )
}
