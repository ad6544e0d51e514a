// "New plan": every field of the contract's CreatePlanInput, checked by its own schema. The size is
// entered in GB (1 GB = 1024³ bytes, as plans are sold and shown) and sent in bytes.
import { CreatePlanInput } from '@proxy/contract/admin/catalogue'
import { App } from 'antd'
import { useCreatePlan } from '../../api/catalogue.ts'
import { useAdminT } from '../../app/i18n.ts'
import { CreateButton, type CreateField, saleFields } from './create-modal.tsx'

const GB = 1024 ** 3
const gbToBytes = (value: unknown) => (typeof value === 'number' ? Math.round(value * GB) : value)

export const CreatePlan = () => {
  const { t } = useAdminT()
  const { message } = App.useApp()
  const create = useCreatePlan()
  const shape = CreatePlanInput.shape
  const fields: CreateField[] = [
    {
      name: 'id',
      label: t('catalogue.plans.id'),
      kind: 'text',
      schema: shape.id,
      rule: t('catalogue.rules.id'),
      extra: t('catalogue.plans.idHint'),
    },
    {
      name: 'name',
      label: t('catalogue.plans.nameZh'),
      kind: 'text',
      schema: shape.name,
      rule: t('catalogue.rules.name'),
    },
    {
      name: 'nameEn',
      label: t('catalogue.plans.nameEn'),
      kind: 'text',
      schema: shape.nameEn,
      rule: t('catalogue.rules.name'),
    },
    {
      name: 'sizeBytes',
      label: t('catalogue.plans.sizeGb'),
      kind: 'integer',
      schema: shape.sizeBytes,
      rule: t('catalogue.rules.size'),
      toWire: gbToBytes,
    },
    {
      name: 'validityDays',
      label: t('catalogue.plans.validity'),
      kind: 'integer',
      schema: shape.validityDays,
      rule: t('catalogue.rules.validity'),
    },
    ...saleFields(t, { name: 'price', label: t('catalogue.plans.price'), schema: shape.price }, shape),
  ]

  return (
    <CreateButton
      kind="plan"
      button={t('catalogue.plans.create')}
      title={t('catalogue.plans.createTitle')}
      fields={fields}
      initial={{ validityDays: 30, sortOrder: 0, isActive: true }}
      onCreate={async (body) => {
        const plan = await create.mutateAsync(CreatePlanInput.parse(body))
        void message.success(t('catalogue.plans.created', { id: plan.id }))
      }}
    />
  )
}
