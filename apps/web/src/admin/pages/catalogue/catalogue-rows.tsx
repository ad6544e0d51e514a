// The rows of one catalogue tab: a table on wide screens (scrolling sideways inside itself), stacked
// cards on phones. Every row has a name, its own columns, an on-sale switch and an edit button.
import { Button, Flex, Switch, Table, Typography, theme } from 'antd'
import { type HTMLAttributes, type ReactNode, useState } from 'react'
import { CardLine } from '../../../shared/ui/paged-table/card-line.tsx'
import { CardList } from '../../../shared/ui/paged-table/card-list.tsx'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { useAdminT } from '../../app/i18n.ts'
import { type EditField, EditModal, type EditValue } from './edit-modal.tsx'

type Row = { id: string; isActive: boolean; sortOrder: number }
export type RowColumn<T> = { key: string; title: string; render: (row: T) => ReactNode; isNumber?: boolean }

type Props<T extends Row, E extends Record<string, EditValue>> = {
  /** `region` or `plan`: names the test ids (`region-row`, `region-edit-<id>`, `region-active-<id>`). */
  kind: string
  rows: T[]
  isLoading: boolean
  nameTitle: string
  name: (row: T) => ReactNode
  columns: RowColumn<T>[]
  empty: string
  /** The id whose on-sale switch is being saved. */
  savingId: string | undefined
  onActive: (row: T, isActive: boolean) => void
  /** What the edit modal offers, its title, and how a row's changed fields are saved. */
  fields: EditField<E>[]
  editTitle: (row: T) => string
  isSaving: boolean
  onSave: (row: T, changes: Partial<E>) => Promise<unknown>
}

export const CatalogueRows = <T extends Row, E extends Record<string, EditValue>>(props: Props<T, E>) => {
  const [editing, setEditing] = useState<T | null>(null)
  return (
    <>
      <Rows {...props} onEdit={setEditing} />
      {editing && (
        <EditModal<E>
          key={editing.id}
          title={props.editTitle(editing)}
          initial={
            Object.fromEntries(
              props.fields.map((field) => [field.name, (editing as Record<string, unknown>)[field.name]]),
            ) as E
          }
          fields={props.fields}
          isSaving={props.isSaving}
          onSave={(changes) => props.onSave(editing, changes)}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  )
}

const Rows = <T extends Row, E extends Record<string, EditValue>>({
  kind,
  rows,
  isLoading,
  name,
  columns,
  ...rest
}: Props<T, E> & { onEdit: (row: T) => void }) => {
  const { t } = useAdminT()
  const { token } = theme.useToken()
  const isNarrow = useIsNarrow()
  const all: RowColumn<T>[] = [
    ...columns,
    { key: 'sortOrder', title: t('catalogue.sortOrder'), render: (row) => row.sortOrder, isNumber: true },
    {
      key: 'active',
      title: t('catalogue.active'),
      render: (row) => (
        <Switch
          checked={row.isActive}
          loading={rest.savingId === row.id}
          onChange={(isActive) => rest.onActive(row, isActive)}
          aria-label={t('catalogue.active')}
          data-testid={`${kind}-active-${row.id}`}
        />
      ),
    },
  ]
  const edit = (row: T) => (
    <Button size="small" onClick={() => rest.onEdit(row)} data-testid={`${kind}-edit-${row.id}`}>
      {t('catalogue.edit')}
    </Button>
  )
  if (isNarrow)
    return (
      <CardList
        items={rows}
        rowKey={(row) => row.id}
        isLoading={isLoading}
        empty={<Typography.Text type="secondary">{rest.empty}</Typography.Text>}
        renderItem={(row) => (
          <Flex vertical gap={token.marginXXS} data-testid={`${kind}-row`}>
            {name(row)}
            {all.map((column) => (
              <CardLine key={column.key} label={column.title}>
                {column.render(row)}
              </CardLine>
            ))}
            <Flex justify="flex-end">{edit(row)}</Flex>
          </Flex>
        )}
      />
    )
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      loading={isLoading}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: rest.empty }}
      onRow={() => ({ 'data-testid': `${kind}-row` }) as HTMLAttributes<HTMLElement>}
      columns={[
        { title: rest.nameTitle, key: 'name', render: (_, row) => name(row) },
        ...all.map((column) => ({
          title: column.title,
          key: column.key,
          align: column.isNumber ? ('right' as const) : undefined,
          render: (_: unknown, row: T) => column.render(row),
        })),
        { title: '', key: 'edit', align: 'right', render: (_, row) => edit(row) },
      ]}
    />
  )
}
