// Register a node by name and host (checked as the server checks them); the answer's token goes to the
// caller, which shows it once.
import { type AddNodeInput, NodeHost, NodeName, type NodeWithToken } from '@proxy/contract/admin/nodes'
import { Form, Input, Modal } from 'antd'
import type { ZodType } from 'zod'
import { isApiError } from '../../../shared/http/api-error.ts'
import { useAddNode } from '../../api/nodes.ts'
import { useAdminT } from '../../app/i18n.ts'

type Props = { open: boolean; onClose: () => void; onAdded: (added: NodeWithToken) => void }

const matches = (schema: ZodType, message: string) => ({
  validator: (_: unknown, value: unknown) =>
    schema.safeParse(value ?? '').success ? Promise.resolve() : Promise.reject(new Error(message)),
})

export const AddNodeModal = ({ open, onClose, onAdded }: Props) => {
  const { t } = useAdminT()
  const [form] = Form.useForm<AddNodeInput>()
  const addNode = useAddNode()

  const submit = async () => {
    const values = await form.validateFields()
    const added = await addNode
      .mutateAsync({ name: values.name.trim(), host: values.host.trim() })
      .catch((error: unknown) => {
        // The one check only the server can make: no other active node has this name.
        if (isApiError(error) && error.errorName === 'VALIDATION_FAILED' && error.message.startsWith('name'))
          form.setFields([{ name: 'name', errors: [t('nodes.add.nameTaken')] }])
        throw error
      })
    form.resetFields()
    onAdded(added)
    // The token now lives only in the dialog that shows it.
    addNode.reset()
  }

  return (
    <Modal
      open={open}
      title={t('nodes.add.title')}
      okText={t('nodes.add.ok')}
      cancelText={t('nodes.cancel')}
      confirmLoading={addNode.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="name"
          label={t('nodes.name')}
          extra={t('nodes.add.nameHint')}
          rules={[matches(NodeName, t('nodes.add.nameRule'))]}
        >
          <Input maxLength={64} autoComplete="off" data-testid="node-name" />
        </Form.Item>
        <Form.Item
          name="host"
          label={t('nodes.host')}
          extra={t('nodes.add.hostHint')}
          rules={[matches(NodeHost, t('nodes.add.hostRule'))]}
        >
          <Input maxLength={253} autoComplete="off" data-testid="node-host" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
