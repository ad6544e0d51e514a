// The traffic plans, inactive ones too: price, size, validity, sort order, on sale or not (a switch),
// and an edit in a modal that reviews the change (old → new price) before saving.
import type { AdminTrafficPlan } from '@proxy/contract/admin/catalogue'
import { Flex, Typography, theme } from 'antd'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { useUpdatePlan } from '../../api/catalogue.ts'
import { useAdminT } from '../../app/i18n.ts'
import { CatalogueRows } from './catalogue-rows.tsx'
import { CreatePlan } from './create-plan.tsx'
import type { EditField } from './edit-modal.tsx'

type Editable = Pick<AdminTrafficPlan, 'price' | 'isActive' | 'sortOrder' | 'name' | 'nameEn'>

export const PlansTab = ({ plans, isLoading }: { plans: AdminTrafficPlan[]; isLoading: boolean }) => {
  const { t, language } = useAdminT()
  const { token } = theme.useToken()
  const update = useUpdatePlan()
  const planName = (plan: AdminTrafficPlan) => (language === 'en-US' ? plan.nameEn : plan.name)

  const fields: EditField<Editable>[] = [
    { name: 'price', label: t('catalogue.plans.price'), kind: 'money' },
    { name: 'isActive', label: t('catalogue.active'), kind: 'switch' },
    { name: 'sortOrder', label: t('catalogue.sortOrder'), kind: 'integer' },
    { name: 'name', label: t('catalogue.plans.nameZh'), kind: 'text' },
    { name: 'nameEn', label: t('catalogue.plans.nameEn'), kind: 'text' },
  ]

  return (
    <Flex vertical gap={token.marginSM}>
      <Flex justify="flex-end">
        <CreatePlan />
      </Flex>
      <CatalogueRows<AdminTrafficPlan, Editable>
        kind="plan"
        rows={plans}
        isLoading={isLoading}
        nameTitle={t('catalogue.plans.name')}
        name={(plan) => (
          <span>
            {planName(plan)}
            <Typography.Text type="secondary" style={{ marginInlineStart: token.marginXS }}>
              {plan.id}
            </Typography.Text>
          </span>
        )}
        columns={[
          {
            key: 'price',
            title: t('catalogue.plans.price'),
            render: (plan) => <Money amount={plan.price} strong />,
            isNumber: true,
          },
          {
            key: 'size',
            title: t('catalogue.plans.size'),
            render: (plan) =>
              `${formatBytes(plan.sizeBytes, language)} · ${t('catalogue.plans.days', { count: plan.validityDays })}`,
          },
        ]}
        empty={t('catalogue.plans.empty')}
        savingId={update.isPending ? update.variables?.id : undefined}
        onActive={(plan, isActive) => update.mutate({ id: plan.id, body: { isActive } })}
        fields={fields}
        editTitle={(plan) => t('catalogue.plans.editTitle', { name: planName(plan) })}
        isSaving={update.isPending}
        onSave={(plan, body) => update.mutateAsync({ id: plan.id, body })}
      />
    </Flex>
  )
}
