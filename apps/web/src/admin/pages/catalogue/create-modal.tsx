// Adding a catalogue row (a region or a traffic plan): one form whose every field is checked by the
// contract's own schema for it, so the console refuses exactly what the API would. The answer's row
// lands in the list through the catalogue's refresh.
import { PlusOutlined } from '@ant-design/icons'
import { Button, Checkbox, Form, Input, InputNumber, Modal, Select, Switch } from 'antd'
import { useState } from 'react'
import type { ZodType } from 'zod'
import { type AdminT, useAdminT } from '../../app/i18n.ts'

type Option = { value: string; label: string }

/** A field of the new row: how it is entered, the schema its wire value must pass and the hint when not. */
export type CreateField = {
  name: string
  label: string
  kind: 'text' | 'money' | 'integer' | 'switch' | 'select' | 'checks'
  schema: ZodType
  rule: string
  options?: Option[]
  /** Shown under the input (the shape an id must have, the unit of a number). */
  extra?: string
  /** The form's value as the API takes it (GB to bytes); text is trimmed by default. */
  toWire?: (value: unknown) => unknown
}

type Props = {
  /** `region` or `plan`: names the test ids (`region-create`, `create-<field>`). */
  kind: string
  button: string
  title: string
  fields: CreateField[]
  initial: Record<string, unknown>
  onCreate: (body: Record<string, unknown>) => Promise<unknown>
}

/** The fields every new row ends with: its price, its sort order and whether it goes on sale at once. */
export const saleFields = (
  t: AdminT,
  price: { name: string; label: string; schema: ZodType },
  shape: { sortOrder: ZodType; isActive: ZodType },
): CreateField[] => [
  { ...price, kind: 'money', rule: t('catalogue.rules.price') },
  {
    name: 'sortOrder',
    label: t('catalogue.sortOrder'),
    kind: 'integer',
    schema: shape.sortOrder,
    rule: t('catalogue.rules.sort'),
  },
  { name: 'isActive', label: t('catalogue.active'), kind: 'switch', schema: shape.isActive, rule: '' },
]

const wireValue = (field: CreateField, value: unknown) =>
  field.toWire ? field.toWire(value) : typeof value === 'string' ? value.trim() : value

/** The input of one field; Form.Item hands it `value`, `onChange` and `id`, passed on as they are. */
const Control = ({ field, ...control }: { field: CreateField; 'data-testid': string }) => {
  if (field.kind === 'switch') return <Switch {...control} />
  if (field.kind === 'select') return <Select options={field.options} {...control} />
  if (field.kind === 'checks') return <Checkbox.Group options={field.options} {...control} />
  if (field.kind === 'text') return <Input maxLength={64} {...control} />
  return (
    <InputNumber<number>
      prefix={field.kind === 'money' ? '$' : undefined}
      precision={field.kind === 'money' ? 2 : undefined}
      style={{ width: '100%' }}
      {...control}
    />
  )
}

export const CreateButton = ({ kind, button, title, fields, initial, onCreate }: Props) => {
  const { t } = useAdminT()
  const [form] = Form.useForm()
  const [isOpen, setIsOpen] = useState(false)
  const [isSaving, setIsSaving] = useState(false)

  const create = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>
    setIsSaving(true)
    try {
      await onCreate(
        Object.fromEntries(fields.map((field) => [field.name, wireValue(field, values[field.name])])),
      )
      setIsOpen(false)
    } finally {
      setIsSaving(false)
    }
  }

  return (
    <>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => setIsOpen(true)}
        data-testid={`${kind}-create`}
      >
        {button}
      </Button>
      <Modal
        open={isOpen}
        title={title}
        okText={t('catalogue.create')}
        cancelText={t('catalogue.cancel')}
        confirmLoading={isSaving}
        onOk={() => void create().catch(() => undefined)}
        onCancel={() => setIsOpen(false)}
        afterClose={() => form.resetFields()}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" requiredMark={false} initialValues={initial}>
          {fields.map((field) => (
            <Form.Item
              key={field.name}
              name={field.name}
              label={field.label}
              extra={field.extra}
              valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
              rules={[
                {
                  validator: (_, value: unknown) =>
                    field.schema.safeParse(wireValue(field, value)).success
                      ? Promise.resolve()
                      : Promise.reject(new Error(field.rule)),
                },
              ]}
            >
              <Control field={field} data-testid={`create-${field.name}`} />
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </>
  )
}
