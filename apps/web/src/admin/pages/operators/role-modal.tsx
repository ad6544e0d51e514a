// Change one operator's role: pick the new one, and the dialog says what changes before it is saved.
import type { TeamOperator } from '@proxy/contract/admin/operators'
import { OPERATOR_ROLES, type OperatorRole } from '@proxy/contract/admin/permissions'
import { Alert, App, Flex, Modal, Select, Typography } from 'antd'
import { useState } from 'react'
import { useChangeRole } from '../../api/operators.ts'
import { useAdminT } from '../../app/i18n.ts'

export const RoleModal = ({ operator, onClose }: { operator: TeamOperator | null; onClose: () => void }) => {
  const { t } = useAdminT()
  const { message } = App.useApp()
  const change = useChangeRole()
  const [role, setRole] = useState<OperatorRole | null>(null)
  const chosen = role ?? operator?.role ?? 'support'
  const close = () => {
    setRole(null)
    onClose()
  }
  const onOk = async () => {
    if (!operator) return
    await change.mutateAsync({ id: operator.id, role: chosen })
    void message.success(t('operators.roleChange.done'))
    close()
  }
  return (
    <Modal
      open={operator !== null}
      title={t('operators.roleChange.title', { email: operator?.email ?? '' })}
      okText={t('operators.roleChange.ok')}
      cancelText={t('operators.cancel')}
      okButtonProps={{ disabled: chosen === operator?.role }}
      confirmLoading={change.isPending}
      onOk={() => void onOk().catch(() => undefined)}
      onCancel={close}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Select<OperatorRole>
          value={chosen}
          onChange={setRole}
          options={OPERATOR_ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))}
          aria-label={t('operators.role')}
          data-testid="role-select"
        />
        {operator && chosen !== operator.role && (
          <Alert
            type="warning"
            showIcon
            title={t('operators.roleChange.body', {
              email: operator.email,
              from: t(`roles.${operator.role}`),
              to: t(`roles.${chosen}`),
            })}
          />
        )}
        <Typography.Text type="secondary">{t('operators.roleChange.hint')}</Typography.Text>
      </Flex>
    </Modal>
  )
}
