// /admin/audit: the audit log, newest first; filters (action, days) kept in the address; each entry's
// before and after shown as a compact diff.
import type { AuditEntry } from '@proxy/contract/admin/audit'
import { DatePicker, Flex, Typography, theme } from 'antd'
import dayjs from 'dayjs'
import { dayRangeToInstants } from '../../../shared/lib/date-range.ts'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { useListParams } from '../../../shared/lib/list-params.ts'
import { CardLine } from '../../../shared/ui/paged-table/card-line.tsx'
import { dateTimeColumn } from '../../../shared/ui/paged-table/columns.tsx'
import { pagedList } from '../../../shared/ui/paged-table/paged-list.ts'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import { useAuditLog } from '../../api/audit.ts'
import { type AdminT, useAdminT } from '../../app/i18n.ts'
import { ListPage, SearchFilter } from '../list-page.tsx'
import { AuditDiff } from './audit-diff.tsx'

type Row = AuditEntry

const DAY_FORMAT = 'YYYY-MM-DD'

/** The chosen days as the API's UTC instants ([from, to)), or none. */
const rangeOf = (first: string | null, last: string | null) => {
  const instants = first && last ? dayRangeToInstants({ first, last }) : null
  if (!instants) return {}
  return { from: new Date(instants.from).toISOString(), to: new Date(instants.to).toISOString() }
}

/** Who acted: the operator's email and role; a row without an operator was written by the CLI or the system. */
const who = (t: AdminT, entry: AuditEntry) =>
  `${entry.operatorEmail ?? t('audit.unknownOperator')}${entry.role ? ` · ${t(`roles.${entry.role}`)}` : ''}`

/** The same, on two lines in the table so the changes and reason keep their room. */
const WhoCell = ({ t, entry }: { t: AdminT; entry: AuditEntry }) => (
  <Flex vertical>
    <Typography.Text>{entry.operatorEmail ?? t('audit.unknownOperator')}</Typography.Text>
    {entry.role && <Typography.Text type="secondary">{t(`roles.${entry.role}`)}</Typography.Text>}
  </Flex>
)

export const AuditPage = () => {
  const { t } = useAdminT()
  const { token } = theme.useToken()
  const list = useListParams()
  const action = list.params.get('action') ?? ''
  const first = list.params.get('first')
  const last = list.params.get('last')
  const range = rangeOf(first, last)
  const audit = useAuditLog({
    page: list.page,
    pageSize: list.pageSize,
    action: action || undefined,
    ...range,
  })
  const paged = pagedList(list, audit.data, {
    isLoading: audit.isPending,
    isFiltered: action !== '' || range.from !== undefined,
  })

  return (
    <ListPage
      title={t('audit.title')}
      filters={
        <>
          <SearchFilter
            value={action}
            placeholder={t('audit.actionPlaceholder')}
            label={t('audit.action')}
            onSearch={(value) => list.update({ action: value })}
            data-testid="audit-action"
          />
          <DatePicker.RangePicker
            aria-label={t('audit.range')}
            value={range.from && first && last ? [dayjs(first), dayjs(last)] : null}
            onChange={(days) =>
              list.update({
                first: days?.[0]?.format(DAY_FORMAT) ?? null,
                last: days?.[1]?.format(DAY_FORMAT) ?? null,
              })
            }
            data-testid="audit-range"
          />
        </>
      }
    >
      <PagedTable<Row>
        {...paged}
        rowKey="id"
        totalText={(count) => t('audit.total', { count })}
        empty={t('audit.empty')}
        emptyFiltered={t('audit.emptyFiltered')}
        columns={[
          dateTimeColumn<Row>(t('audit.at'), 'at'),
          {
            title: t('audit.operator'),
            key: 'operator',
            render: (_, entry) => <WhoCell t={t} entry={entry} />,
          },
          {
            title: t('audit.action'),
            dataIndex: 'action',
            render: (value: string) => <Typography.Text code>{value}</Typography.Text>,
          },
          {
            title: t('audit.target'),
            dataIndex: 'target',
            // `customer:<uuid>` is long: cut it (whole in the tooltip) so the changes and reason stay in view.
            render: (value: string | null) =>
              value ? (
                <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: 180 }}>
                  {value}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          {
            title: t('audit.changes'),
            key: 'changes',
            render: (_, entry) => <AuditDiff before={entry.before} after={entry.after} />,
          },
          {
            title: t('audit.reason'),
            dataIndex: 'reason',
            render: (value: string | null) => (
              <Typography.Text style={{ display: 'block', minWidth: 160, maxWidth: 260 }}>
                {value ?? '—'}
              </Typography.Text>
            ),
          },
          { title: t('audit.ip'), dataIndex: 'ip', render: (value: string | null) => value ?? '—' },
        ]}
        renderCard={(entry) => (
          <Flex vertical gap={token.marginXXS}>
            <Typography.Text code>{entry.action}</Typography.Text>
            <CardLine label={t('audit.at')}>{formatLocalDateTime(entry.at)}</CardLine>
            <CardLine label={t('audit.operator')}>{who(t, entry)}</CardLine>
            {entry.target && <CardLine label={t('audit.target')}>{entry.target}</CardLine>}
            <AuditDiff before={entry.before} after={entry.after} />
            {entry.reason && <Typography.Text type="secondary">{entry.reason}</Typography.Text>}
          </Flex>
        )}
        data-testid="audit-table"
      />
    </ListPage>
  )
}
