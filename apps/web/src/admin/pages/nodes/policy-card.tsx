// The destination policy every node applies: the SMTP ports it always refuses and the operator's own
// deny list (ports, IPv4/IPv6 ranges), edited as text and checked as the server checks it. A saved
// list reaches the nodes with their next pull.
import type { AdminDestinationPolicy } from '@proxy/contract/admin/nodes'
import {
  DENY_LIST_MAX_CIDRS,
  DENY_LIST_MAX_PORTS,
  DestinationPort,
  DestinationRange,
} from '@proxy/contract/nodes/policy'
import { App, Button, Card, Descriptions, Flex, Form, Input, Modal, Tag, Typography } from 'antd'
import { useState } from 'react'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { useDestinationPolicy, useSetDestinationPolicy } from '../../api/nodes.ts'
import { useAdminT } from '../../app/i18n.ts'

type Values = { ports: string; cidrs: string }

/** The entries of a text field: separated by commas, spaces or lines. */
const entriesOf = (text: string | undefined) => (text ?? '').split(/[\s,]+/).filter(Boolean)
const portOf = (entry: string) => (/^\d{1,5}$/.test(entry) ? Number(entry) : Number.NaN)

export const PolicyCard = () => {
  const { t } = useAdminT()
  const policy = useDestinationPolicy()
  const [isEditing, setIsEditing] = useState(false)
  const shown = policy.data
  const none = <Typography.Text type="secondary">{t('nodes.policy.none')}</Typography.Text>

  return (
    <Card
      size="small"
      title={t('nodes.policy.title')}
      loading={policy.isPending}
      extra={
        <Button size="small" onClick={() => setIsEditing(true)} disabled={!shown} data-testid="policy-edit">
          {t('nodes.policy.edit')}
        </Button>
      }
      data-testid="policy-card"
    >
      <Typography.Paragraph type="secondary">{t('nodes.policy.hint')}</Typography.Paragraph>
      {shown && (
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('nodes.policy.smtp')}>
            {t('nodes.policy.smtpValue', { ports: shown.smtpPorts.join(', ') })}
          </Descriptions.Item>
          <Descriptions.Item label={t('nodes.policy.ports')}>
            <span data-testid="policy-ports">{shown.ports.length > 0 ? shown.ports.join(', ') : none}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('nodes.policy.cidrs')}>
            <Flex wrap gap={4} data-testid="policy-cidrs">
              {shown.cidrs.length > 0 ? shown.cidrs.map((cidr) => <Tag key={cidr}>{cidr}</Tag>) : none}
            </Flex>
          </Descriptions.Item>
          <Descriptions.Item label={t('nodes.policy.updatedAt')}>
            {shown.updatedAt ? formatLocalDateTime(shown.updatedAt) : t('nodes.policy.never')}
          </Descriptions.Item>
        </Descriptions>
      )}
      {shown && <PolicyModal open={isEditing} policy={shown} onClose={() => setIsEditing(false)} />}
    </Card>
  )
}

const PolicyModal = ({
  open,
  policy,
  onClose,
}: {
  open: boolean
  policy: AdminDestinationPolicy
  onClose: () => void
}) => {
  const { t } = useAdminT()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const save = useSetDestinationPolicy()

  /** The first entry the server would refuse, as a field error; or the list's length. */
  const check = (
    isValid: (entry: string) => boolean,
    max: number,
    rule: 'nodes.policy.portsRule' | 'nodes.policy.cidrsRule',
  ) => ({
    validator: (_: unknown, text: string | undefined) => {
      const entries = entriesOf(text)
      const bad = entries.find((entry) => !isValid(entry))
      if (bad !== undefined) return Promise.reject(new Error(t(rule, { value: bad })))
      if (entries.length > max) return Promise.reject(new Error(t('nodes.policy.tooMany', { max })))
      return Promise.resolve()
    },
  })

  const submit = async () => {
    const values = await form.validateFields()
    await save.mutateAsync({ ports: entriesOf(values.ports).map(portOf), cidrs: entriesOf(values.cidrs) })
    void message.success(t('nodes.policy.saved'))
    onClose()
  }

  return (
    <Modal
      open={open}
      title={t('nodes.policy.editTitle')}
      okText={t('nodes.policy.save')}
      cancelText={t('nodes.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ ports: policy.ports.join(', '), cidrs: policy.cidrs.join('\n') }}
      >
        <Form.Item
          name="ports"
          label={t('nodes.policy.ports')}
          extra={t('nodes.policy.portsHint', { max: DENY_LIST_MAX_PORTS })}
          rules={[
            check(
              (entry) => DestinationPort.safeParse(portOf(entry)).success,
              DENY_LIST_MAX_PORTS,
              'nodes.policy.portsRule',
            ),
          ]}
        >
          <Input autoComplete="off" data-testid="policy-ports-input" />
        </Form.Item>
        <Form.Item
          name="cidrs"
          label={t('nodes.policy.cidrs')}
          extra={t('nodes.policy.cidrsHint', { max: DENY_LIST_MAX_CIDRS })}
          rules={[
            check(
              (entry) => DestinationRange.safeParse(entry).success,
              DENY_LIST_MAX_CIDRS,
              'nodes.policy.cidrsRule',
            ),
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} data-testid="policy-cidrs-input" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
