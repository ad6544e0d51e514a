// Write or edit an announcement: title and body in zh-CN and en-US (plain text, checked as the server
// checks them), severity, an optional publish time (none: a draft) and expiry (none: until withdrawn),
// and a live preview of what customers will see.
import {
  type AdminAnnouncement,
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  type AnnouncementInput,
  type AnnouncementSeverity,
} from '@proxy/contract/admin/announcements'
import { DatePicker, Divider, Form, Input, Modal, Radio, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useSaveAnnouncement } from '../../api/announcements.ts'
import { useAdminT } from '../../app/i18n.ts'
import { AnnouncementPreview } from './announcement-preview.tsx'

type Values = {
  titleZh: string
  titleEn: string
  bodyZh: string
  bodyEn: string
  severity: AnnouncementSeverity
  publishAt: Dayjs | null
  expiresAt: Dayjs | null
}

type Props = {
  /** The announcement to edit; null writes a new one. */
  announcement: AdminAnnouncement | null
  open: boolean
  onClose: () => void
}

const initialValues = (announcement: AdminAnnouncement | null): Values => ({
  titleZh: announcement?.titleZh ?? '',
  titleEn: announcement?.titleEn ?? '',
  bodyZh: announcement?.bodyZh ?? '',
  bodyEn: announcement?.bodyEn ?? '',
  severity: announcement?.severity ?? 'info',
  publishAt: announcement?.publishAt ? dayjs(announcement.publishAt) : null,
  expiresAt: announcement?.expiresAt ? dayjs(announcement.expiresAt) : null,
})

export const toInput = (values: Values): AnnouncementInput => ({
  titleZh: values.titleZh.trim(),
  titleEn: values.titleEn.trim(),
  bodyZh: values.bodyZh.trim(),
  bodyEn: values.bodyEn.trim(),
  severity: values.severity,
  publishAt: values.publishAt ? values.publishAt.toDate().toISOString() : null,
  expiresAt: values.expiresAt ? values.expiresAt.toDate().toISOString() : null,
})

const TIME_FORMAT = 'YYYY-MM-DD HH:mm'

export const AnnouncementEditor = ({ announcement, open, onClose }: Props) => {
  const { t } = useAdminT()
  const [form] = Form.useForm<Values>()
  const save = useSaveAnnouncement()
  const watched = Form.useWatch([], form) as Partial<Values> | undefined

  const submit = async () => {
    const values = await form.validateFields()
    await save.mutateAsync({ id: announcement?.id ?? null, body: toInput(values) })
    onClose()
  }

  const title = (name: 'titleZh' | 'titleEn') => (
    <Form.Item
      name={name}
      label={t(`notices.fields.${name}`)}
      rules={[
        { required: true, whitespace: true, max: ANNOUNCEMENT_TITLE_MAX, message: t('notices.rules.title') },
      ]}
    >
      <Input maxLength={ANNOUNCEMENT_TITLE_MAX} showCount data-testid={`announcement-${name}`} />
    </Form.Item>
  )
  const body = (name: 'bodyZh' | 'bodyEn') => (
    <Form.Item
      name={name}
      label={t(`notices.fields.${name}`)}
      rules={[
        { required: true, whitespace: true, max: ANNOUNCEMENT_BODY_MAX, message: t('notices.rules.body') },
      ]}
    >
      <Input.TextArea
        autoSize={{ minRows: 3, maxRows: 8 }}
        maxLength={ANNOUNCEMENT_BODY_MAX}
        showCount
        data-testid={`announcement-${name}`}
      />
    </Form.Item>
  )

  return (
    <Modal
      open={open}
      title={t(announcement ? 'notices.editor.editTitle' : 'notices.editor.newTitle')}
      okText={t('notices.editor.save')}
      cancelText={t('notices.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      width={720}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues(announcement)}
        data-testid="announcement-editor"
      >
        {title('titleZh')}
        {body('bodyZh')}
        {title('titleEn')}
        {body('bodyEn')}
        <Form.Item name="severity" label={t('notices.fields.severity')}>
          <Radio.Group
            optionType="button"
            options={(['info', 'warning'] as const).map((value) => ({
              value,
              label: t(`notices.severities.${value}`),
            }))}
            data-testid="announcement-severity"
          />
        </Form.Item>
        <Form.Item
          name="publishAt"
          label={t('notices.fields.publishAt')}
          extra={t('notices.editor.publishHint')}
        >
          <DatePicker
            showTime
            format={TIME_FORMAT}
            style={{ width: '100%' }}
            data-testid="announcement-publishAt"
          />
        </Form.Item>
        <Form.Item
          name="expiresAt"
          label={t('notices.fields.expiresAt')}
          extra={t('notices.editor.expiryHint')}
          dependencies={['publishAt']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_: unknown, value: Dayjs | null) => {
                const publishAt = getFieldValue('publishAt') as Dayjs | null
                return !value || !publishAt || value.isAfter(publishAt)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('notices.rules.expiry')))
              },
            }),
          ]}
        >
          <DatePicker
            showTime
            format={TIME_FORMAT}
            style={{ width: '100%' }}
            data-testid="announcement-expiresAt"
          />
        </Form.Item>
      </Form>
      <Divider style={{ marginBlock: 8 }} />
      <Typography.Title level={5}>{t('notices.preview.title')}</Typography.Title>
      <AnnouncementPreview
        text={{
          severity: watched?.severity ?? 'info',
          titleZh: watched?.titleZh ?? '',
          titleEn: watched?.titleEn ?? '',
          bodyZh: watched?.bodyZh ?? '',
          bodyEn: watched?.bodyEn ?? '',
        }}
      />
    </Modal>
  )
}
