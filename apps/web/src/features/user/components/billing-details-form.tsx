// The billing details in 个人信息: whom receipts are made out to. Saving changes receipts issued from
// then on; an issued receipt keeps what it printed.
import {
  BILLING_ADDRESS_MAX,
  BILLING_NAME_MAX,
  type BillingDetails,
  TAX_ID_MAX,
} from '@proxy/contract/receipts/endpoints'
import { App, Button, Form, Input, Skeleton } from 'antd'
import { useTranslation } from 'react-i18next'
import { useBillingDetails, useUpdateBillingDetails } from '../api/billing-details.ts'

const Fields = ({ initial }: { initial: BillingDetails }) => {
  const { t } = useTranslation('user')
  const { message } = App.useApp()
  const update = useUpdateBillingDetails()
  const [form] = Form.useForm<BillingDetails>()
  const onSave = (values: BillingDetails) =>
    update.mutate(
      { name: values.name ?? '', address: values.address ?? '', taxId: values.taxId ?? '' },
      {
        onSuccess: (saved) => {
          form.setFieldsValue(saved)
          void message.success(t('billing.saved'))
        },
      },
    )
  return (
    <Form<BillingDetails>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={onSave}
      style={{ maxWidth: 520 }}
      data-testid="billing-form"
    >
      <Form.Item name="name" label={t('billing.name')} style={{ marginBottom: 12 }}>
        <Input
          maxLength={BILLING_NAME_MAX}
          placeholder={t('billing.namePlaceholder')}
          data-testid="billing-name"
        />
      </Form.Item>
      <Form.Item name="address" label={t('billing.address')} style={{ marginBottom: 12 }}>
        <Input.TextArea
          maxLength={BILLING_ADDRESS_MAX}
          autoSize={{ minRows: 2, maxRows: 4 }}
          data-testid="billing-address"
        />
      </Form.Item>
      <Form.Item name="taxId" label={t('billing.taxId')} style={{ marginBottom: 12 }}>
        <Input maxLength={TAX_ID_MAX} data-testid="billing-tax-id" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="billing-save">
        {t('billing.save')}
      </Button>
    </Form>
  )
}

export const BillingDetailsForm = () => {
  const { data } = useBillingDetails()
  return data ? <Fields initial={data} /> : <Skeleton active paragraph={{ rows: 3 }} />
}
