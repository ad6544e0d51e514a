// Suspend or restore one customer: the modal says what follows and asks for the reason the audit keeps.
import type { CustomerDetail } from '@proxy/contract/admin/customers'
import { Alert, App, Form, Modal } from 'antd'
import { useSuspension } from '../../api/customers.ts'
import { useAdminT } from '../../app/i18n.ts'
import { ReasonField } from './reason-field.tsx'

type Props = { customer: CustomerDetail; open: boolean; onClose: () => void }

export const SuspensionModal = ({ customer, open, onClose }: Props) => {
  const { t } = useAdminT()
  const { message } = App.useApp()
  const [form] = Form.useForm<{ reason: string }>()
  const suspension = useSuspension(customer.id)
  const isSuspending = customer.status === 'active'
  const texts = isSuspending ? 'suspend' : 'restore'

  const onOk = async () => {
    const { reason } = await form.validateFields()
    await suspension.mutateAsync({ suspend: isSuspending, reason: reason.trim() })
    void message.success(t(`customers.${texts}.done`))
    form.resetFields()
    onClose()
  }

  return (
    <Modal
      open={open}
      title={t(`customers.${texts}.title`, { email: customer.email })}
      okText={t(`customers.${texts}.ok`)}
      okButtonProps={{ danger: isSuspending }}
      cancelText={t('customers.cancel')}
      confirmLoading={suspension.isPending}
      onOk={() => void onOk().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type={isSuspending ? 'warning' : 'info'} showIcon title={t(`customers.${texts}.body`)} />
      <Form form={form} layout="vertical" requiredMark={false} style={{ marginTop: 16 }}>
        <ReasonField label={t('customers.suspend.reason')} testId="suspension-reason" />
      </Form>
    </Modal>
  )
}
