// The alert rules: each with its condition in words, its state (watching, fired, off), where it goes,
// when it last fired, an on/off switch, edit, and delete after a confirmation.
import { DeleteOutlined, EditOutlined } from '@ant-design/icons'
import type { AlertRule } from '@proxy/contract/alerts/rules'
import { App, Button, Flex, Popconfirm, Switch, Tag, Typography, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { useDeleteAlertRule } from '../api/delete-alert-rule.ts'
import { useAlertRules } from '../api/list-alert-rules.ts'
import { useSubUserName } from '../api/list-sub-user-choices.ts'
import { useUpdateAlertRule } from '../api/save-alert-rule.ts'
import { useConditionText, watchedSubUserOf } from './condition-text.ts'
import { ListSection, rowBorder } from './list-section.tsx'
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
  const subUser = useSubUserName(watchedSubUserOf(rule.condition))
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
        borderTop: rowBorder(isFirst, token.colorBorderSecondary),
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
        <Typography.Text data-testid="rule-condition">
          {conditionText(rule.condition, subUser.data)}
        </Typography.Text>
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
  const list = useAlertRules()
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null)
  return (
    <ListSection
      list={list}
      texts={{
        add: t('rules.add'),
        empty: t('rules.empty'),
        failed: t('rules.failed'),
        count: (used, max) => t('rules.count', { used, max }),
      }}
      onAdd={() => setEditing('new')}
      renderRow={(rule, index) => (
        <RuleRow key={rule.id} rule={rule} isFirst={index === 0} onEdit={() => setEditing(rule)} />
      )}
      testIds={{ section: 'alert-rules', add: 'rule-add' }}
    >
      <RuleDialog editing={editing} onClose={() => setEditing(null)} />
    </ListSection>
  )
}
