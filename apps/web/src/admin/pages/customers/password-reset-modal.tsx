// Sending a customer the password-reset mail of "forgot password": a required reason (the audit keeps
// it), then a confirmation naming the address; the mail goes only from the second step.
import type { CustomerDetail } from '@proxy/contract/admin/customers'
import { Alert, App, Flex, Form, Modal, Typography } from 'antd'
import { useState } from 'react'
import { usePasswordResetMail } from '../../api/customers.ts'
import { useAdminT } from '../../app/i18n.ts'
import { ReasonField } from './reason-field.tsx'

type Props = { customer: CustomerDetail; open: boolean; onClose: () => void }

export const PasswordResetModal = ({ customer, open, onClose }: Props) => {
  const { t } = useAdminT()
  const { message } = App.useApp()
  const [form] = Form.useForm<{ reason: string }>()
  const [reason, setReason] = useState<string | null>(null)
  const resetMail = usePasswordResetMail(customer.id)

  const close = () => {
    setReason(null)
    form.resetFields()
    onClose()
  }

  const toReview = async () => setReason((await form.validateFields()).reason.trim())

  const send = async (confirmed: string) => {
    const { email } = await resetMail.mutateAsync(confirmed)
    void message.success(t('customers.resetMail.done', { email }))
    close()
  }

  return (
    <Modal
      open={open}
      title={t(reason === null ? 'customers.resetMail.title' : 'customers.resetMail.confirmTitle', {
        email: customer.email,
      })}
      okText={t(reason === null ? 'customers.resetMail.review' : 'customers.resetMail.ok')}
      cancelText={t(reason === null ? 'customers.cancel' : 'customers.resetMail.back')}
      confirmLoading={resetMail.isPending}
      onOk={() => void (reason === null ? toReview() : send(reason)).catch(() => undefined)}
      onCancel={() => (reason !== null && !resetMail.isPending ? setReason(null) : close())}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} hidden={reason !== null}>
        <Alert type="info" showIcon title={t('customers.resetMail.body')} />
        <ReasonField
          label={t('customers.resetMail.reason')}
          testId="reset-mail-reason"
          style={{ marginTop: 16 }}
        />
      </Form>
      {reason !== null && (
        <Flex vertical gap={8} data-testid="reset-mail-summary">
          <Alert
            type="warning"
            showIcon
            title={t('customers.resetMail.confirm', { email: customer.email })}
          />
          <Typography.Text type="secondary">
            {t('customers.resetMail.confirmReason', { reason })}
          </Typography.Text>
        </Flex>
      )}
    </Modal>
  )
}
