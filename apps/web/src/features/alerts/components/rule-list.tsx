// The alert rules: each with its condition in words, its state (watching, fired, off), where it goes,
// when it last fired, an on/off switch, edit, and delete after a confirmation.
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import type { AlertRule } from '@proxy/contract/alerts/rules'
import { Alert, App, Button, Empty, Flex, Popconfirm, Skeleton, Switch, Tag, Typography, theme } from 'antd'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { useDeleteAlertRule } from '../api/delete-alert-rule.ts'
import { useAlertRules } from '../api/list-alert-rules.ts'
import { useUpdateAlertRule } from '../api/save-alert-rule.ts'
import { useConditionText } from './condition-text.ts'
import { RuleDialog } from './rule-dialog.tsx'

const StateTag = ({ rule }: { rule: AlertRule }) => {
  const { t } = useTranslation('alerts')
  if (!rule.enabled) return <Tag data-testid="rule-state">{t('rules.disabled')}</Tag>
  if (rule.triggered)
    return (
      <Tag color="warning" data-testid="rule-state">
        {t('rules.triggered')}
      </Tag>
    )
  return (
    <Tag color="success" data-testid="rule-state">
      {t('rules.armed')}
    </Tag>
  )
}

const RuleRow = ({ rule, isFirst, onEdit }: { rule: AlertRule; isFirst: boolean; onEdit: () => void }) => {
  const { t } = useTranslation(['alerts', 'common'])
  const { token } = theme.useToken()
  const { message } = App.useApp()
  const conditionText = useConditionText()
  const update = useUpdateAlertRule()
  const remove = useDeleteAlertRule()

  const onToggle = (enabled: boolean) =>
    update.mutate(
      { id: rule.id, body: { enabled } },
      {
        onSuccess: () =>
          void message.success(t(enabled ? 'rules.turnedOn' : 'rules.turnedOff', { name: rule.name })),
      },
    )
  const onDelete = () =>
    remove
      .mutateAsync(rule.id)
      .then(() => void message.success(t('rules.deleted', { name: rule.name })))
      .catch(() => undefined)

  return (
    <Flex
      role="listitem"
      justify="space-between"
      align="center"
      wrap
      gap={token.marginSM}
      style={{
        padding: `${token.paddingSM}px 0`,
        borderTop: isFirst ? undefined : `1px solid ${token.colorBorderSecondary}`,
      }}
      data-testid="alert-rule"
    >
      <Flex vertical gap={token.marginXXS} style={{ minWidth: 0, flex: '1 1 260px' }}>
        <Flex align="center" gap={token.marginXS} wrap>
          <Typography.Text strong style={{ wordBreak: 'break-word' }} data-testid="rule-name">
            {rule.name}
          </Typography.Text>
          <StateTag rule={rule} />
        </Flex>
        <Typography.Text data-testid="rule-condition">{conditionText(rule.condition)}</Typography.Text>
        <Flex align="center" gap={token.marginXS} wrap>
          {rule.channels.email && <Tag bordered={false}>{t('rules.email')}</Tag>}
          {rule.channels.webhook && <Tag bordered={false}>{t('rules.webhook')}</Tag>}
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {rule.lastFiredAt
              ? t('rules.lastFired', { time: formatLocalDateTime(rule.lastFiredAt, { withSeconds: false }) })
              : t('rules.neverFired')}
          </Typography.Text>
        </Flex>
      </Flex>
      <Flex align="center" gap={token.marginXS}>
        <Switch
          checked={rule.enabled}
          loading={update.isPending}
          onChange={onToggle}
          aria-label={t('rules.enabledLabel', { name: rule.name })}
          data-testid="rule-toggle"
        />
        <Button type="link" size="small" icon={<EditOutlined />} onClick={onEdit} data-testid="rule-edit">
          {t('rules.edit')}
        </Button>
        <Popconfirm
          title={t('rules.deleteTitle', { name: rule.name })}
          description={<div style={{ maxWidth: 260 }}>{t('rules.deleteConfirm')}</div>}
          okText={t('rules.delete')}
          cancelText={t('common:actions.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Button type="link" danger size="small" icon={<DeleteOutlined />} data-testid="rule-delete">
            {t('rules.delete')}
          </Button>
        </Popconfirm>
      </Flex>
    </Flex>
  )
}

export const RuleList = () => {
  const { t } = useTranslation('alerts')
  const { token } = theme.useToken()
  const { data, isError, refetch } = useAlertRules()
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null)
  const items = data?.items ?? []
  const isFull = data !== undefined && items.length >= data.max

  let body: ReactNode = <Skeleton active title={false} paragraph={{ rows: 3 }} />
  if (isError && !data)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('rules.failed')}
        action={
          <Button size="small" onClick={() => void refetch()}>
            {t('rules.retry')}
          </Button>
        }
      />
    )
  else if (data && items.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rules.empty')} />
  else if (data)
    body = (
      <Flex vertical role="list">
        {items.map((rule, index) => (
          <RuleRow key={rule.id} rule={rule} isFirst={index === 0} onEdit={() => setEditing(rule)} />
        ))}
      </Flex>
    )

  return (
    <Flex vertical gap={token.margin} data-testid="alert-rules">
      <Flex justify="space-between" align="center" gap={token.marginSM} wrap>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!data || isFull}
          onClick={() => setEditing('new')}
          data-testid="rule-add"
        >
          {t('rules.add')}
        </Button>
        {data && (
          <Typography.Text type={isFull ? 'warning' : 'secondary'} data-testid="rule-count">
            {t('rules.count', { used: items.length, max: data.max })}
          </Typography.Text>
        )}
      </Flex>
      {body}
      <RuleDialog editing={editing} onClose={() => setEditing(null)} />
    </Flex>
  )
}
