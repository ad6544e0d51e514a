// /admin/notices: announcements to every customer, newest first, filtered by status (kept in the
// address); write and edit them in a modal with a preview, publish now and withdraw after a
// confirmation, delete a draft, and preview one as customers see it. A table on a desk, cards on a phone.

import { PlusOutlined } from '@ant-design/icons'
import {
  type AdminAnnouncement,
  type AnnouncementStatus,
  AnnouncementStatus as Statuses,
} from '@proxy/contract/admin/announcements'
import { App, Button, Flex, Modal, Select, Tag, Typography, theme } from 'antd'
import { useState } from 'react'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { pickOption, useListParams } from '../../../shared/lib/list-params.ts'
import { CardLine } from '../../../shared/ui/paged-table/card-line.tsx'
import { dateTimeColumn } from '../../../shared/ui/paged-table/columns.tsx'
import { pagedList } from '../../../shared/ui/paged-table/paged-list.ts'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import {
  useAnnouncements,
  useDeleteAnnouncement,
  useExpireAnnouncement,
  usePublishAnnouncement,
} from '../../api/announcements.ts'
import { useAdminT } from '../../app/i18n.ts'
import { ListPage } from '../list-page.tsx'
import { AnnouncementEditor } from './announcement-editor.tsx'
import { AnnouncementPreview } from './announcement-preview.tsx'
import { AnnouncementStatusTag } from './announcement-status-tag.tsx'

type Row = AdminAnnouncement

/** The editor: closed, a new announcement, or one being edited. */
type Editing = { announcement: Row | null } | null

export const NoticesPage = () => {
  const { t, language } = useAdminT()
  const { token } = theme.useToken()
  const { modal, message } = App.useApp()
  const list = useListParams()
  const status = pickOption(list.params.get('status'), Statuses.options)
  const announcements = useAnnouncements({ page: list.page, pageSize: list.pageSize, status })
  const paged = pagedList(list, announcements.data, {
    isLoading: announcements.isPending,
    isFiltered: status !== undefined,
  })
  const publish = usePublishAnnouncement()
  const expire = useExpireAnnouncement()
  const remove = useDeleteAnnouncement()
  const [editing, setEditing] = useState<Editing>(null)
  const [previewing, setPreviewing] = useState<Row | null>(null)

  const titleOf = (row: Row) => (language === 'en-US' ? row.titleEn : row.titleZh)

  const confirm = (row: Row, kind: 'publish' | 'expire' | 'delete', run: (id: string) => Promise<unknown>) =>
    modal.confirm({
      title: t(`notices.${kind}.title`, { title: titleOf(row) }),
      content: t(`notices.${kind}.body`),
      okText: t(`notices.${kind}.ok`),
      okButtonProps: { danger: kind !== 'publish' },
      cancelText: t('notices.cancel'),
      onOk: async () => {
        await run(row.id)
        void message.success(t(`notices.${kind}.done`))
      },
    })

  const actions = (row: Row) => (
    <Flex gap={token.marginXS} wrap>
      <Button size="small" onClick={() => setEditing({ announcement: row })} data-testid="announcement-edit">
        {t('notices.edit')}
      </Button>
      <Button size="small" onClick={() => setPreviewing(row)} data-testid="announcement-preview-open">
        {t('notices.preview.action')}
      </Button>
      {row.status !== 'published' && (
        <Button
          size="small"
          type="primary"
          onClick={() => confirm(row, 'publish', publish.mutateAsync)}
          data-testid="announcement-publish"
        >
          {t('notices.publish.action')}
        </Button>
      )}
      {row.status === 'published' && (
        <Button
          size="small"
          danger
          onClick={() => confirm(row, 'expire', expire.mutateAsync)}
          data-testid="announcement-expire"
        >
          {t('notices.expire.action')}
        </Button>
      )}
      {row.status === 'draft' && (
        <Button
          size="small"
          danger
          onClick={() => confirm(row, 'delete', remove.mutateAsync)}
          data-testid="announcement-delete"
        >
          {t('notices.delete.action')}
        </Button>
      )}
    </Flex>
  )

  const severityTag = (row: Row) =>
    row.severity === 'warning' ? (
      <Tag color="gold">{t('notices.severities.warning')}</Tag>
    ) : (
      t('notices.severities.info')
    )

  return (
    <ListPage
      title={t('notices.title')}
      filters={
        <>
          <Select<AnnouncementStatus | ''>
            value={status ?? ''}
            onChange={(value) => list.update({ status: value })}
            options={[
              { value: '', label: t('notices.allStatuses') },
              ...Statuses.options.map((value) => ({ value, label: t(`notices.statuses.${value}`) })),
            ]}
            aria-label={t('notices.status')}
            style={{ width: 160 }}
            data-testid="announcements-status"
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ announcement: null })}
            data-testid="announcement-new"
          >
            {t('notices.new')}
          </Button>
        </>
      }
    >
      <PagedTable<Row>
        {...paged}
        rowKey="id"
        totalText={(count) => t('notices.total', { count })}
        empty={t('notices.empty')}
        emptyFiltered={t('notices.emptyFiltered')}
        columns={[
          {
            title: t('notices.titleColumn'),
            key: 'title',
            render: (_, row) => (
              <Typography.Text strong style={{ maxWidth: 360, display: 'inline-block' }} ellipsis>
                {titleOf(row)}
              </Typography.Text>
            ),
          },
          {
            title: t('notices.status'),
            dataIndex: 'status',
            render: (value: AnnouncementStatus) => <AnnouncementStatusTag status={value} />,
          },
          { title: t('notices.fields.severity'), key: 'severity', render: (_, row) => severityTag(row) },
          dateTimeColumn<Row>(t('notices.fields.publishAt'), 'publishAt', { withSeconds: false }),
          dateTimeColumn<Row>(t('notices.fields.expiresAt'), 'expiresAt', { withSeconds: false }),
          dateTimeColumn<Row>(t('notices.updatedAt'), 'updatedAt', { withSeconds: false }),
          { title: '', key: 'actions', render: (_, row) => actions(row) },
        ]}
        renderCard={(row) => (
          <Flex vertical gap={token.marginXXS} data-testid="announcement-card">
            <Typography.Text strong ellipsis>
              {titleOf(row)}
            </Typography.Text>
            <CardLine label={t('notices.status')}>
              <AnnouncementStatusTag status={row.status} />
            </CardLine>
            <CardLine label={t('notices.fields.severity')}>{severityTag(row)}</CardLine>
            <CardLine label={t('notices.fields.publishAt')}>
              {row.publishAt
                ? formatLocalDateTime(row.publishAt, { withSeconds: false })
                : t('notices.notSet')}
            </CardLine>
            <CardLine label={t('notices.fields.expiresAt')}>
              {row.expiresAt
                ? formatLocalDateTime(row.expiresAt, { withSeconds: false })
                : t('notices.noExpiry')}
            </CardLine>
            {actions(row)}
          </Flex>
        )}
        rowTestId="announcement-row"
        data-testid="announcements-table"
      />
      {editing && (
        <AnnouncementEditor announcement={editing.announcement} open onClose={() => setEditing(null)} />
      )}
      <Modal
        open={previewing !== null}
        title={t('notices.preview.title')}
        footer={null}
        onCancel={() => setPreviewing(null)}
        destroyOnHidden
      >
        {previewing && <AnnouncementPreview text={previewing} />}
      </Modal>
    </ListPage>
  )
}
