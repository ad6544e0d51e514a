// Editing one catalogue row in two steps: the form, then a review of exactly what changes (old → new,
// prices in dollars) before anything is saved. Only the changed fields are sent.
import { CataloguePrice } from '@proxy/contract/admin/catalogue'
import { formatBalance } from '@proxy/contract/wire'
import { Alert, Flex, Form, Input, InputNumber, Modal, Switch, Typography, theme } from 'antd'
import { type ReactNode, useState } from 'react'
import { useAdminT } from '../../app/i18n.ts'

/** A field of a catalogue row the console edits. */
export type EditValue = string | number | boolean
type Value = EditValue
export type EditField<T> = {
  name: keyof T & string
  label: string
  kind: 'money' | 'integer' | 'text' | 'switch'
}

type Props<T extends Record<string, Value>> = {
  title: string
  initial: T
  fields: EditField<T>[]
  isSaving: boolean
  onSave: (changes: Partial<T>) => Promise<unknown>
  onClose: () => void
}

export type Change = { key: string; label: string; before: ReactNode; after: ReactNode; isPrice: boolean }

/** The fields whose value differs, each as old → new in the console's words. */
export function changesOf<T extends Record<string, Value>>(
  fields: EditField<T>[],
  initial: T,
  next: Partial<T>,
  show: (field: EditField<T>, value: Value) => ReactNode,
): Change[] {
  return fields
    .filter((field) => next[field.name] !== undefined && next[field.name] !== initial[field.name])
    .map((field) => ({
      key: field.name,
      label: field.label,
      before: show(field, initial[field.name] as Value),
      after: show(field, next[field.name] as Value),
      isPrice: field.kind === 'money',
    }))
}

/** The review step: nothing changed, or a warning `hint` above the list of changes, old → new. */
export const ReviewBody = ({ changes, hint }: { changes: Change[]; hint: string }) => {
  const { t } = useAdminT()
  if (changes.length === 0) return <Alert type="info" showIcon title={t('catalogue.noChange')} />
  return (
    <Flex vertical gap={12}>
      <Alert type="warning" showIcon title={hint} />
      <ChangeReview changes={changes} />
    </Flex>
  )
}

/** A list of changes, old → new; prices stand out. */
const ChangeReview = ({ changes }: { changes: Change[] }) => {
  const { token } = theme.useToken()
  return (
    <Flex vertical gap={token.marginXS} data-testid="change-review">
      {changes.map((change) => (
        <Flex key={change.key} justify="space-between" gap={token.marginSM} wrap data-testid="change-line">
          <Typography.Text type="secondary">{change.label}</Typography.Text>
          <span style={{ fontWeight: change.isPrice ? 600 : undefined }}>
            <Typography.Text delete type="secondary">
              {change.before}
            </Typography.Text>
            {' → '}
            <Typography.Text strong={change.isPrice}>{change.after}</Typography.Text>
          </span>
        </Flex>
      ))}
    </Flex>
  )
}

export const EditModal = <T extends Record<string, Value>>({
  title,
  initial,
  fields,
  isSaving,
  onSave,
  onClose,
}: Props<T>) => {
  const { t } = useAdminT()
  const [form] = Form.useForm()
  const [review, setReview] = useState<Partial<T> | null>(null)
  const show = (field: EditField<T>, value: Value): ReactNode => {
    if (field.kind === 'money') return formatBalance(value as number)
    if (field.kind === 'switch') return t(value ? 'catalogue.onSale' : 'catalogue.offSale')
    return String(value)
  }
  const changes = review ? changesOf(fields, initial, review, show) : []

  const close = () => {
    setReview(null)
    onClose()
  }
  const toReview = async () => {
    const values = (await form.validateFields()) as Partial<T>
    const trimmed = Object.fromEntries(
      Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
    ) as Partial<T>
    setReview(trimmed)
  }
  const save = async (next: Partial<T>) => {
    const changed = Object.fromEntries(
      changesOf(fields, initial, next, show).map((change) => [change.key, next[change.key]]),
    ) as Partial<T>
    await onSave(changed)
    close()
  }

  return (
    <Modal
      open
      title={title}
      okText={t(review ? 'catalogue.save' : 'catalogue.review')}
      cancelText={t(review ? 'catalogue.back' : 'catalogue.cancel')}
      okButtonProps={{ disabled: review !== null && changes.length === 0 }}
      confirmLoading={isSaving}
      onOk={() => void (review ? save(review) : toReview()).catch(() => undefined)}
      onCancel={() => (review && !isSaving ? setReview(null) : close())}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        hidden={review !== null}
      >
        {fields.map((field) => (
          <Form.Item
            key={field.name}
            name={String(field.name)}
            label={field.label}
            valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
            rules={
              field.kind === 'text'
                ? [{ required: true, whitespace: true, max: 64, message: t('catalogue.rules.name') }]
                : field.kind === 'money'
                  ? [
                      {
                        validator: (_, value: unknown) =>
                          CataloguePrice.safeParse(value).success
                            ? Promise.resolve()
                            : Promise.reject(new Error(t('catalogue.rules.price'))),
                      },
                    ]
                  : field.kind === 'integer'
                    ? [
                        {
                          required: true,
                          type: 'integer',
                          min: -10_000,
                          max: 10_000,
                          message: t('catalogue.rules.sort'),
                        },
                      ]
                    : []
            }
          >
            {field.kind === 'switch' ? (
              <Switch data-testid={`edit-${field.name}`} />
            ) : field.kind === 'text' ? (
              <Input maxLength={64} data-testid={`edit-${field.name}`} />
            ) : (
              <InputNumber<number>
                prefix={field.kind === 'money' ? '$' : undefined}
                precision={field.kind === 'money' ? 2 : 0}
                style={{ width: '100%' }}
                data-testid={`edit-${field.name}`}
              />
            )}
          </Form.Item>
        ))}
      </Form>
      {review && <ReviewBody changes={changes} hint={t('catalogue.confirmHint')} />}
    </Modal>
  )
}
