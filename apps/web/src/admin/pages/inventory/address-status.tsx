// An address's status as a coloured tag (a cooling one with the time it is for sale again), and the
// dialog that retires a free address or returns a retired one to stock, with the reason the audit keeps.
import {
  type InventoryAddress,
  type InventoryStatus,
  RestoreInput,
  RetireInput,
} from '@proxy/contract/admin/inventory'
import { Alert, App, Form, Input, Modal, Radio, Tag, Tooltip } from 'antd'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { useAddressChange } from '../../api/inventory.ts'
import { useAdminT } from '../../app/i18n.ts'

const COLOURS: Record<InventoryStatus, string> = {
  available: 'green',
  allocated: 'blue',
  cooling: 'gold',
  retired: 'default',
  pool: 'purple',
}

export const AddressStatusTag = ({ address }: { address: InventoryAddress }) => {
  const { t } = useAdminT()
  const tag = <Tag color={COLOURS[address.status]}>{t(`inventory.statuses.${address.status}`)}</Tag>
  if (address.status !== 'cooling' || address.coolingUntil === null) return tag
  return (
    <Tooltip title={t('inventory.coolingUntil', { at: formatLocalDateTime(address.coolingUntil) })}>
      {tag}
    </Tooltip>
  )
}

/** `ip:port`, with an IPv6 address in brackets as URLs write it (`[2001:db8::1]:8000`). */
export const addressOf = ({ ip, port }: Pick<InventoryAddress, 'ip' | 'port'>): string =>
  ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`

/** Whether the address may be retired (a free one) or restored (a retired one). */
export const changeOf = (address: InventoryAddress): 'retire' | 'restore' | null => {
  if (address.status === 'retired') return 'restore'
  return address.status === 'allocated' ? null : 'retire'
}

type Values = { reason: string; purpose?: 'static' | 'pool' }

export const AddressChangeModal = ({
  address,
  onClose,
}: {
  address: InventoryAddress | null
  onClose: () => void
}) => {
  const { t } = useAdminT()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const change = useAddressChange()
  const action = address && changeOf(address)
  const name = address ? addressOf(address) : ''

  const submit = async () => {
    if (!address || !action) return
    const { reason, purpose } = await form.validateFields()
    await change.mutateAsync(
      action === 'retire'
        ? { id: address.id, action, reason: reason.trim() }
        : { id: address.id, action, reason: reason.trim(), purpose: purpose ?? 'static' },
    )
    void message.success(t(`inventory.${action}.done`, { address: name }))
    onClose()
  }
  const reasonSchema = action === 'restore' ? RestoreInput.shape.reason : RetireInput.shape.reason

  return (
    <Modal
      open={action !== null}
      title={action && t(`inventory.${action}.title`, { address: name })}
      okText={action && t(`inventory.${action}.ok`)}
      okButtonProps={{ danger: action === 'retire' }}
      cancelText={t('inventory.cancel')}
      confirmLoading={change.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {action && (
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ purpose: 'static' }}
        >
          <Alert
            type={action === 'retire' ? 'warning' : 'info'}
            showIcon
            title={t(`inventory.${action}.body`)}
            style={{ marginBottom: 16 }}
          />
          {action === 'restore' && (
            <Form.Item name="purpose" label={t('inventory.restore.purpose')}>
              <Radio.Group
                options={[
                  { value: 'static', label: t('inventory.restore.static') },
                  { value: 'pool', label: t('inventory.restore.pool') },
                ]}
              />
            </Form.Item>
          )}
          <Form.Item
            name="reason"
            label={t('inventory.reason')}
            rules={[
              {
                validator: (_, value: unknown) =>
                  reasonSchema.safeParse(value ?? '').success
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('inventory.reasonRule'))),
              },
            ]}
          >
            <Input.TextArea rows={3} maxLength={500} data-testid="address-reason" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  )
}
