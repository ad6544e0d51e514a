// "New region": every field of the contract's CreateRegionInput, checked by its own schema. The region
// starts with no stock; the inventory import fills it.
import { CreateRegionInput } from '@proxy/contract/admin/catalogue'
import { IspType, ProxyProtocol } from '@proxy/contract/static-ip/catalog'
import { App } from 'antd'
import { useCreateRegion } from '../../api/catalogue.ts'
import { useAdminT } from '../../app/i18n.ts'
import { CreateButton, type CreateField, saleFields } from './create-modal.tsx'

const PROTOCOL_NAMES: Record<ProxyProtocol, string> = { socks5: 'SOCKS5', vmess: 'VMess' }

export const CreateRegion = () => {
  const { t } = useAdminT()
  const { message } = App.useApp()
  const create = useCreateRegion()
  const shape = CreateRegionInput.shape
  const name = (field: 'country' | 'city' | 'countryEn' | 'cityEn'): CreateField => ({
    name: field,
    label: t(`catalogue.regions.${field}`),
    kind: 'text',
    schema: shape[field],
    rule: t('catalogue.rules.name'),
  })
  const fields: CreateField[] = [
    {
      name: 'id',
      label: t('catalogue.regions.id'),
      kind: 'text',
      schema: shape.id,
      rule: t('catalogue.rules.id'),
      extra: t('catalogue.regions.idHint'),
    },
    {
      name: 'countryCode',
      label: t('catalogue.regions.countryCode'),
      kind: 'text',
      schema: shape.countryCode,
      rule: t('catalogue.rules.countryCode'),
    },
    name('country'),
    name('city'),
    name('countryEn'),
    name('cityEn'),
    {
      name: 'ispType',
      label: t('catalogue.regions.ispType'),
      kind: 'select',
      schema: shape.ispType,
      rule: t('catalogue.rules.ispType'),
      options: IspType.options.map((value) => ({ value, label: t(`catalogue.isp.${value}`) })),
    },
    {
      name: 'protocols',
      label: t('catalogue.regions.protocols'),
      kind: 'checks',
      schema: shape.protocols,
      rule: t('catalogue.rules.protocols'),
      options: ProxyProtocol.options.map((value) => ({ value, label: PROTOCOL_NAMES[value] })),
    },
    ...saleFields(
      t,
      { name: 'pricePer30Days', label: t('catalogue.regions.price'), schema: shape.pricePer30Days },
      shape,
    ),
  ]

  return (
    <CreateButton
      kind="region"
      button={t('catalogue.regions.create')}
      title={t('catalogue.regions.createTitle')}
      fields={fields}
      initial={{ ispType: 'datacenter', protocols: [...ProxyProtocol.options], sortOrder: 0, isActive: true }}
      onCreate={async (body) => {
        const region = await create.mutateAsync(CreateRegionInput.parse(body))
        void message.success(t('catalogue.regions.created', { id: region.id }))
      }}
    />
  )
}
