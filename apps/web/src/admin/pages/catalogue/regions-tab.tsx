// The static-IP regions, inactive ones too: price per 30 days, stock by status, sort order, on sale or
// not (a switch), and an edit in a modal that reviews the change (old → new price) before saving.
import type { AdminRegion } from '@proxy/contract/admin/catalogue'
import { Flex, Typography, theme } from 'antd'
import { Money } from '../../../shared/ui/money.tsx'
import { CountryBadge, regionLabel } from '../../../shared/ui/region-name.tsx'
import { useUpdateRegion } from '../../api/catalogue.ts'
import { useAdminT } from '../../app/i18n.ts'
import { CatalogueRows } from './catalogue-rows.tsx'
import { CreateRegion } from './create-region.tsx'
import type { EditField } from './edit-modal.tsx'

type Editable = Pick<
  AdminRegion,
  'pricePer30Days' | 'isActive' | 'sortOrder' | 'country' | 'city' | 'countryEn' | 'cityEn'
>

export const RegionsTab = ({ regions, isLoading }: { regions: AdminRegion[]; isLoading: boolean }) => {
  const { t, language } = useAdminT()
  const { token } = theme.useToken()
  const update = useUpdateRegion()

  const fields: EditField<Editable>[] = [
    { name: 'pricePer30Days', label: t('catalogue.regions.price'), kind: 'money' },
    { name: 'isActive', label: t('catalogue.active'), kind: 'switch' },
    { name: 'sortOrder', label: t('catalogue.sortOrder'), kind: 'integer' },
    { name: 'country', label: t('catalogue.regions.country'), kind: 'text' },
    { name: 'city', label: t('catalogue.regions.city'), kind: 'text' },
    { name: 'countryEn', label: t('catalogue.regions.countryEn'), kind: 'text' },
    { name: 'cityEn', label: t('catalogue.regions.cityEn'), kind: 'text' },
  ]

  return (
    <Flex vertical gap={token.marginSM}>
      <Flex justify="flex-end">
        <CreateRegion />
      </Flex>
      <CatalogueRows<AdminRegion, Editable>
        kind="region"
        rows={regions}
        isLoading={isLoading}
        nameTitle={t('catalogue.regions.name')}
        name={(region) => (
          <span>
            <CountryBadge countryCode={region.countryCode} />
            {regionLabel(region, language)}
            <Typography.Text type="secondary" style={{ marginInlineStart: token.marginXS }}>
              {region.id}
            </Typography.Text>
          </span>
        )}
        columns={[
          {
            key: 'price',
            title: t('catalogue.regions.price'),
            render: (region) => <Money amount={region.pricePer30Days} strong />,
            isNumber: true,
          },
          {
            key: 'stock',
            title: t('catalogue.regions.stock'),
            render: (region) => t('catalogue.regions.stockLine', region.stock),
          },
        ]}
        empty={t('catalogue.regions.empty')}
        savingId={update.isPending ? update.variables?.id : undefined}
        onActive={(region, isActive) => update.mutate({ id: region.id, body: { isActive } })}
        fields={fields}
        editTitle={(region) => t('catalogue.regions.editTitle', { name: regionLabel(region, language) })}
        isSaving={update.isPending}
        onSave={(region, body) => update.mutateAsync({ id: region.id, body })}
      />
    </Flex>
  )
}
