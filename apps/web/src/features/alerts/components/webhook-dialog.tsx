// The add / edit dialog of a webhook endpoint: its URL (checked with the contract's rule before it is
// sent; the server judges the destination) and a description. Adding one answers its secret, once.
import {
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookEndpoint,
  WebhookUrl,
} from '@proxy/contract/alerts/webhooks'
import { App, Form, Input, Modal } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useCreateWebhook, useUpdateWebhook } from '../api/save-webhook.ts'

type Props = {
  editing: WebhookEndpoint | 'new' | null
  onClose: () => void
  /** The new endpoint's secret, to show once. */
  onSecret: (secret: string) => void
}

type Values = { url: string; description: string }

export const WebhookDialog = ({ editing, onClose, onSecret }: Props) => {
  const { t } = useTranslation('alerts')
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const create = useCreateWebhook()
  const update = useUpdateWebhook()

  useEffect(() => {
    if (editing === null) return
    // The form stays mounted between openings (forceRender): each opening starts from its endpoint.
    form.resetFields()
    form.setFieldsValue(
      editing === 'new'
        ? { url: '', description: '' }
        : { url: editing.url, description: editing.description },
    )
  }, [editing, form])

  const onSubmit = ({ url, description }: Values) => {
    const body = { url: url.trim(), description: description.trim() }
    if (editing === 'new')
      create.mutate(body, {
        onSuccess: ({ secret }) => {
          onClose()
          onSecret(secret)
        },
      })
    else if (editing)
      update.mutate(
        { id: editing.id, body },
        {
          onSuccess: () => {
            void message.success(t('webhooks.saved'))
            onClose()
          },
        },
      )
  }

  return (
    <Modal
      open={editing !== null}
      title={t(editing === 'new' ? 'webhooks.createTitle' : 'webhooks.editTitle')}
      okText={t('webhooks.save')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      forceRender
      data-testid="webhook-dialog"
    >
      <Form form={form} layout="vertical" onFinish={onSubmit} requiredMark={false}>
        <Form.Item
          label={t('webhooks.url')}
          name="url"
          rules={[
            {
              validator: (_, value: string | undefined) =>
                WebhookUrl.safeParse(value ?? '').success
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('webhooks.urlRequired'))),
            },
          ]}
        >
          <Input
            maxLength={WEBHOOK_URL_MAX_LENGTH}
            placeholder={t('webhooks.urlPlaceholder')}
            inputMode="url"
            data-testid="webhook-url"
          />
        </Form.Item>
        <Form.Item label={t('webhooks.description')} name="description">
          <Input
            maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH}
            placeholder={t('webhooks.descriptionPlaceholder')}
            data-testid="webhook-description"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
