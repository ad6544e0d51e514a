// A wallet adjustment in two steps: amount (± dollars) and reason, then a confirmation that names the
// amount and the customer's email. Money moves only from the second step, with a new Idempotency-Key
// for each attempt.
import { AdjustmentInput, type CustomerDetail } from '@proxy/contract/admin/customers'
import { formatBalance } from '@proxy/contract/wire'
import { Alert, App, Flex, Form, InputNumber, Modal, Typography } from 'antd'
import { useState } from 'react'
import { randomId } from '../../../shared/lib/random-id.ts'
import { useAdjustment } from '../../api/customers.ts'
import { useAdminT } from '../../app/i18n.ts'
import { ReasonField } from './reason-field.tsx'

type Props = { customer: CustomerDetail; open: boolean; onClose: () => void }

export const AdjustmentModal = ({ customer, open, onClose }: Props) => {
  const { t } = useAdminT()
  const { message } = App.useApp()
  const [form] = Form.useForm<AdjustmentInput>()
  const [review, setReview] = useState<AdjustmentInput | null>(null)
  const adjustment = useAdjustment(customer.id)

  const close = () => {
    setReview(null)
    form.resetFields()
    onClose()
  }

  const toReview = async () => {
    const values = await form.validateFields()
    setReview({ amount: values.amount, reason: values.reason.trim() })
  }

  const confirm = async (body: AdjustmentInput) => {
    const result = await adjustment.mutateAsync({ body, key: randomId() })
    void message.success(t('customers.adjust.done', { balance: formatBalance(result.balance) }))
    close()
  }

  const amountText = review ? formatBalance(Math.abs(review.amount)) : ''
  return (
    <Modal
      open={open}
      title={t(review ? 'customers.adjust.confirmTitle' : 'customers.adjust.title', {
        email: customer.email,
      })}
      okText={t(review ? 'customers.adjust.ok' : 'customers.adjust.review')}
      okButtonProps={{ danger: review !== null }}
      cancelText={t(review ? 'customers.adjust.back' : 'customers.cancel')}
      confirmLoading={adjustment.isPending}
      onOk={() => void (review ? confirm(review) : toReview()).catch(() => undefined)}
      onCancel={() => (review && !adjustment.isPending ? setReview(null) : close())}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} hidden={review !== null}>
        <Form.Item
          name="amount"
          label={t('customers.adjust.amount')}
          rules={[
            {
              validator: (_, value: unknown) =>
                AdjustmentInput.shape.amount.safeParse(value).success
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('customers.adjust.amountRule'))),
            },
          ]}
        >
          <InputNumber<number>
            prefix="$"
            precision={2}
            step={1}
            style={{ width: '100%' }}
            data-testid="adjust-amount"
          />
        </Form.Item>
        <ReasonField label={t('customers.adjust.reason')} testId="adjust-reason" />
      </Form>
      {review && (
        <Flex vertical gap={8} data-testid="adjust-summary">
          <Alert
            type={review.amount > 0 ? 'info' : 'warning'}
            showIcon
            title={t(review.amount > 0 ? 'customers.adjust.confirmCredit' : 'customers.adjust.confirmDebit', {
              amount: amountText,
              email: customer.email,
            })}
          />
          <Typography.Text type="secondary">
            {t('customers.adjust.confirmReason', { reason: review.reason })}
          </Typography.Text>
        </Flex>
      )}
    </Modal>
  )
}
