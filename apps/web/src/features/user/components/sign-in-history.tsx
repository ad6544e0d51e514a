// 登录记录: every sign-in attempt on the account, newest first, paged by the server (the page in the address).
import { HistoryOutlined } from '@ant-design/icons'
import type { SignInEvent, SignInOutcome } from '@proxy/contract/user/endpoints'
import { Card, Flex, type TableColumnsType, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { useListParams } from '../../../shared/lib/list-params.ts'
import { pagedList } from '../../../shared/ui/paged-table/paged-list.ts'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import { useSignIns } from '../api/sign-ins.ts'
import { describeUserAgent } from './user-agent.ts'

const OUTCOME_COLORS: Record<SignInOutcome, string> = {
  success: 'success',
  'bad-password': 'error',
  'bad-code': 'warning',
  locked: 'magenta',
}

export const SignInHistory = () => {
  const { t } = useTranslation('user')
  const listParams = useListParams()
  const { data, isPending, isPlaceholderData } = useSignIns({
    page: listParams.page,
    pageSize: listParams.pageSize,
  })
  const list = pagedList(listParams, data, { isLoading: isPending || isPlaceholderData, isFiltered: false })

  const columns: TableColumnsType<SignInEvent> = [
    {
      title: t('security.signIns.time'),
      dataIndex: 'createdAt',
      render: (value: string) => formatLocalDateTime(value),
    },
    {
      title: t('security.signIns.outcome'),
      dataIndex: 'outcome',
      render: (outcome: SignInOutcome) => (
        <Tag color={OUTCOME_COLORS[outcome]}>{t(`security.signIns.outcomes.${outcome}`)}</Tag>
      ),
    },
    { title: t('security.signIns.ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
    {
      title: t('security.signIns.browser'),
      dataIndex: 'userAgent',
      responsive: ['md'],
      ellipsis: true,
      render: (agent: string | null) => (
        <span title={agent ?? undefined}>{describeUserAgent(agent) ?? t('security.sessions.unknown')}</span>
      ),
    },
  ]

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <HistoryOutlined />
          {t('security.signIns.title')}
        </Flex>
      }
      data-testid="sign-in-history"
    >
      <PagedTable<SignInEvent>
        items={list.items}
        columns={columns}
        rowKey="id"
        paging={list.paging}
        isLoading={list.isLoading}
        size="small"
        fitsWidth
        totalText={(total) => t('security.signIns.total', { total })}
        empty={t('security.signIns.empty')}
        data-testid="sign-in-table"
      />
    </Card>
  )
}
