// The create / edit dialog of an alert rule: a name, the condition and its number (bytes with a unit,
// a share, dollars or days; for a sub-user alert, which sub-user), and where it is told (mail, webhooks).
import { ALERT_KINDS, ALERT_NAME_MAX_LENGTH, type AlertRule } from '@proxy/contract/alerts/rules'
import { App, Checkbox, Flex, Form, Input, InputNumber, Modal, Select, Space, Switch, Typography } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useCreateAlertRule, useUpdateAlertRule } from '../api/save-alert-rule.ts'
import {
  BYTE_UNITS,
  formValuesOf,
  NEW_RULE,
  type RuleFormValues,
  THRESHOLD_INPUT,
  toCondition,
} from './condition-form.ts'
import { SubUserPicker } from './sub-user-picker.tsx'

type Props = {
  /** null: closed; 'new': a new rule; a rule: edit it. */
  editing: AlertRule | 'new' | null
  onClose: () => void
}

const LABEL_KEYS = {
  'traffic-left-bytes': 'dialog.bytes',
  'traffic-left-percent': 'dialog.percent',
  'wallet-below': 'dialog.amount',
  'static-ips-expiring': 'dialog.days',
  'sub-user-share': 'dialog.share',
} as const

/** What the number field starts at when the condition is switched to a kind. */
const DEFAULT_THRESHOLDS: Partial<Record<RuleFormValues['kind'], number | null>> = {
  [NEW_RULE.kind]: NEW_RULE.threshold,
  'sub-user-share': 80,
}

const ThresholdField = ({ kind }: { kind: RuleFormValues['kind'] }) => {
  const { t } = useTranslation('alerts')
  return (
    <Form.Item label={t(LABEL_KEYS[kind])} required>
      <Space.Compact style={{ width: '100%', maxWidth: 320 }}>
        <Form.Item
          name="threshold"
          noStyle
          rules={[{ required: true, message: t('dialog.thresholdRequired') }]}
        >
          <InputNumber
            {...THRESHOLD_INPUT[kind]}
            style={{ width: '100%' }}
            prefix={kind === 'wallet-below' ? '$' : undefined}
            suffix={kind === 'traffic-left-percent' || kind === 'sub-user-share' ? '%' : undefined}
            data-testid="rule-threshold"
          />
        </Form.Item>
        {kind === 'traffic-left-bytes' && (
          <Form.Item name="unit" noStyle>
            <Select
              options={BYTE_UNITS.map((unit) => ({ value: unit, label: unit }))}
              style={{ width: 88 }}
              aria-label={t('dialog.bytes')}
              data-testid="rule-unit"
            />
          </Form.Item>
        )}
      </Space.Compact>
    </Form.Item>
  )
}

export const RuleDialog = ({ editing, onClose }: Props) => {
  const { t } = useTranslation('alerts')
  const { message } = App.useApp()
  const [form] = Form.useForm<RuleFormValues>()
  const create = useCreateAlertRule()
  const update = useUpdateAlertRule()
  const kind = Form.useWatch('kind', form) ?? NEW_RULE.kind
  const isNew = editing === 'new'

  useEffect(() => {
    if (editing === null) return
    // The form stays mounted between openings (forceRender): each opening starts from its rule.
    form.resetFields()
    form.setFieldsValue(editing === 'new' ? NEW_RULE : formValuesOf(editing))
  }, [editing, form])

  const onSubmit = (values: RuleFormValues) => {
    if (!values.email && !values.webhook) {
      void message.warning(t('dialog.channelsRequired'))
      return
    }
    const body = {
      name: values.name.trim(),
      condition: toCondition(values),
      channels: { email: values.email, webhook: values.webhook },
    }
    if (editing === 'new')
      create.mutate(
        { ...body, enabled: values.enabled },
        {
          onSuccess: () => {
            void message.success(t('dialog.created', { name: body.name }))
            onClose()
          },
        },
      )
    else if (editing)
      update.mutate(
        { id: editing.id, body },
        {
          onSuccess: () => {
            void message.success(t('dialog.saved'))
            onClose()
          },
        },
      )
  }

  const onKindChange = (next: RuleFormValues['kind']) =>
    form.setFieldsValue({ threshold: DEFAULT_THRESHOLDS[next] ?? null })

  return (
    <Modal
      open={editing !== null}
      title={t(isNew ? 'dialog.createTitle' : 'dialog.editTitle')}
      okText={t('dialog.save')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      forceRender
      data-testid="rule-dialog"
    >
      <Form form={form} layout="vertical" initialValues={NEW_RULE} onFinish={onSubmit} requiredMark={false}>
        <Form.Item
          label={t('dialog.name')}
          name="name"
          rules={[{ required: true, whitespace: true, message: t('dialog.nameRequired') }]}
        >
          <Input
            maxLength={ALERT_NAME_MAX_LENGTH}
            placeholder={t('dialog.namePlaceholder')}
            data-testid="rule-name"
          />
        </Form.Item>
        <Form.Item label={t('dialog.kind')} name="kind">
          <Select
            options={ALERT_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
            onChange={onKindChange}
            data-testid="rule-kind"
          />
        </Form.Item>
        {kind === 'sub-user-share' && (
          <Form.Item label={t('dialog.subUser')} name="subUserId" extra={t('dialog.subUserHint')}>
            <SubUserPicker />
          </Form.Item>
        )}
        <ThresholdField kind={kind} />
        <Form.Item
          label={t('dialog.channels')}
          required
          style={{ marginBottom: 8 }}
          extra={
            <Flex vertical>
              <Typography.Text type="secondary">{t('dialog.emailHint')}</Typography.Text>
              <Typography.Text type="secondary">{t('dialog.webhookHint')}</Typography.Text>
            </Flex>
          }
        >
          <Flex gap={16} wrap>
            <Form.Item name="email" valuePropName="checked" noStyle>
              <Checkbox data-testid="rule-email">{t('rules.email')}</Checkbox>
            </Form.Item>
            <Form.Item name="webhook" valuePropName="checked" noStyle>
              <Checkbox data-testid="rule-webhook">{t('rules.webhook')}</Checkbox>
            </Form.Item>
          </Flex>
        </Form.Item>
        {isNew && (
          <Form.Item label={t('dialog.enabled')} name="enabled" valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
      </Form>
    </Modal>
  )
}
