// The webhook endpoints: URL, description and secret prefix, an on/off switch, a test event, the
// delivery log, edit, a secret reset and delete (both after a confirmation). New secrets show once.
import { DeleteOutlined } from '@ant-design/icons'
import type { WebhookEndpoint } from '@proxy/contract/alerts/webhooks'
import { App, Button, Flex, Popconfirm, Switch, Typography, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useWebhooks } from '../api/list-webhooks.ts'
import { useUpdateWebhook } from '../api/save-webhook.ts'
import { useDeleteWebhook, useResetWebhookSecret, useSendWebhookTest } from '../api/webhook-actions.ts'
import { DeliveryLog } from './delivery-log.tsx'
import { ListSection, rowBorder } from './list-section.tsx'
import { SecretModal } from './secret-modal.tsx'
import { WebhookDialog } from './webhook-dialog.tsx'

type RowProps = {
  endpoint: WebhookEndpoint
  isFirst: boolean
  onEdit: () => void
  onLog: () => void
  onSecret: (secret: string) => void
}

const WebhookRow = ({ endpoint, isFirst, onEdit, onLog, onSecret }: RowProps) => {
  const { t } = useTranslation(['alerts', 'common'])
  const { token } = theme.useToken()
  const { message } = App.useApp()
  const update = useUpdateWebhook()
  const remove = useDeleteWebhook()
  const reset = useResetWebhookSecret()
  const test = useSendWebhookTest()

  const onTest = () =>
    test.mutate(endpoint.id, {
      onSuccess: () => {
        void message.success(t('webhooks.testQueued'))
        onLog()
      },
    })
  const onReset = () =>
    reset
      .mutateAsync(endpoint.id)
      .then(({ secret }) => onSecret(secret))
      .catch(() => undefined)
  const onDelete = () =>
    remove
      .mutateAsync(endpoint.id)
      .then(() => void message.success(t('webhooks.deleted')))
      .catch(() => undefined)

  return (
    <Flex
      role="listitem"
      vertical
      gap={token.marginXS}
      style={{
        padding: `${token.paddingSM}px 0`,
        borderTop: rowBorder(isFirst, token.colorBorderSecondary),
      }}
      data-testid="webhook-row"
    >
      <Flex justify="space-between" align="flex-start" gap={token.marginSM}>
        <Flex vertical gap={token.marginXXS} style={{ minWidth: 0 }}>
          <Typography.Text
            style={{ fontFamily: token.fontFamilyCode, wordBreak: 'break-all' }}
            data-testid="webhook-url-text"
          >
            {endpoint.url}
          </Typography.Text>
          {endpoint.description && <Typography.Text type="secondary">{endpoint.description}</Typography.Text>}
          <Typography.Text
            type="secondary"
            style={{ fontSize: token.fontSizeSM }}
            data-testid="webhook-secret-prefix"
          >
            {t('webhooks.secretPrefix', { prefix: endpoint.secretPrefix })}
          </Typography.Text>
        </Flex>
        <Switch
          checked={endpoint.enabled}
          loading={update.isPending}
          onChange={(enabled) => update.mutate({ id: endpoint.id, body: { enabled } })}
          aria-label={t('webhooks.enabledLabel', { url: endpoint.url })}
          data-testid="webhook-toggle"
        />
      </Flex>
      <Flex gap={token.marginXS} wrap>
        <Button size="small" loading={test.isPending} onClick={onTest} data-testid="webhook-test">
          {t('webhooks.sendTest')}
        </Button>
        <Button size="small" onClick={onLog} data-testid="webhook-log">
          {t('webhooks.log')}
        </Button>
        <Button size="small" onClick={onEdit} data-testid="webhook-edit">
          {t('webhooks.edit')}
        </Button>
        <Popconfirm
          title={t('webhooks.resetTitle')}
          description={<div style={{ maxWidth: 260 }}>{t('webhooks.resetConfirm')}</div>}
          okText={t('webhooks.resetSecret')}
          cancelText={t('common:actions.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={onReset}
        >
          <Button size="small" loading={reset.isPending} data-testid="webhook-reset">
            {t('webhooks.resetSecret')}
          </Button>
        </Popconfirm>
        <Popconfirm
          title={t('webhooks.deleteTitle')}
          description={<div style={{ maxWidth: 260 }}>{t('webhooks.deleteConfirm')}</div>}
          okText={t('webhooks.delete')}
          cancelText={t('common:actions.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Button size="small" danger icon={<DeleteOutlined />} data-testid="webhook-delete">
            {t('webhooks.delete')}
          </Button>
        </Popconfirm>
      </Flex>
    </Flex>
  )
}

export const WebhookList = () => {
  const { t } = useTranslation('alerts')
  const list = useWebhooks()
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null)
  return (
    <ListSection
      list={list}
      texts={{
        add: t('webhooks.add'),
        empty: t('webhooks.empty'),
        failed: t('webhooks.failed'),
        count: (used, max) => t('webhooks.count', { used, max }),
      }}
      intro={<Typography.Text type="secondary">{t('webhooks.intro')}</Typography.Text>}
      onAdd={() => setEditing('new')}
      renderRow={(endpoint, index) => (
        <WebhookRow
          key={endpoint.id}
          endpoint={endpoint}
          isFirst={index === 0}
          onEdit={() => setEditing(endpoint)}
          onLog={() => setLogOf(endpoint)}
          onSecret={setSecret}
        />
      )}
      testIds={{ section: 'webhooks', add: 'webhook-add' }}
    >
      <WebhookDialog editing={editing} onClose={() => setEditing(null)} onSecret={setSecret} />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      <DeliveryLog endpoint={logOf} onClose={() => setLogOf(null)} />
    </ListSection>
  )
}
