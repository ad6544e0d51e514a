// The reason the audit keeps for an operator's action on a customer: required, 3 to 500 characters.
import { Form, Input } from 'antd'
import type { CSSProperties } from 'react'
import { useAdminT } from '../../app/i18n.ts'

export const ReasonField = ({
  label,
  testId,
  style,
}: {
  label: string
  testId: string
  style?: CSSProperties
}) => {
  const { t } = useAdminT()
  return (
    <Form.Item
      name="reason"
      label={label}
      style={style}
      rules={[
        { required: true, whitespace: true, min: 3, max: 500, message: t('customers.suspend.reasonRule') },
      ]}
    >
      <Input.TextArea rows={3} maxLength={500} data-testid={testId} />
    </Form.Item>
  )
}
