// The webhook endpoints: URL, description and secret prefix, an on/off switch, a test event, the
// delivery log, edit, a secret reset and delete (both after a confirmation). New secrets show once.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import type { WebhookEndpoint } from '@proxy/contract/alerts/webhooks'
import { Alert, App, Button, Empty, Flex, Popconfirm, Skeleton, Switch, Typography, theme } from 'antd'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useWebhooks } from '../api/list-webhooks.ts'
import { useUpdateWebhook } from '../api/save-webhook.ts'
import { useDeleteWebhook, useResetWebhookSecret, useSendWebhookTest } from '../api/webhook-actions.ts'
import { DeliveryLog } from './delivery-log.tsx'
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
        borderTop: isFirst ? undefined : `1px solid ${token.colorBorderSecondary}`,
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
  const { token } = theme.useToken()
  const { data, isError, refetch } = useWebhooks()
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null)
  const items = data?.items ?? []
  const isFull = data !== undefined && items.length >= data.max

  let body: ReactNode = <Skeleton active title={false} paragraph={{ rows: 3 }} />
  if (isError && !data)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('webhooks.failed')}
        action={
          <Button size="small" onClick={() => void refetch()}>
            {t('rules.retry')}
          </Button>
        }
      />
    )
  else if (data && items.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('webhooks.empty')} />
  else if (data)
    body = (
      <Flex vertical role="list">
        {items.map((endpoint, index) => (
          <WebhookRow
            key={endpoint.id}
            endpoint={endpoint}
            isFirst={index === 0}
            onEdit={() => setEditing(endpoint)}
            onLog={() => setLogOf(endpoint)}
            onSecret={setSecret}
          />
        ))}
      </Flex>
    )

  return (
    <Flex vertical gap={token.margin} data-testid="webhooks">
      <Typography.Text type="secondary">{t('webhooks.intro')}</Typography.Text>
      <Flex justify="space-between" align="center" gap={token.marginSM} wrap>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!data || isFull}
          onClick={() => setEditing('new')}
          data-testid="webhook-add"
        >
          {t('webhooks.add')}
        </Button>
        {data && (
          <Typography.Text type={isFull ? 'warning' : 'secondary'}>
            {t('webhooks.count', { used: items.length, max: data.max })}
          </Typography.Text>
        )}
      </Flex>
      {body}
      <WebhookDialog editing={editing} onClose={() => setEditing(null)} onSecret={setSecret} />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      <DeliveryLog endpoint={logOf} onClose={() => setLogOf(null)} />
    </Flex>
  )
}
