// Invite an operator: email and role, then the link, shown this once with a copy button (only its
// hash is kept; closing the dialog forgets it).
import type { CreatedInvitation, InviteInput } from '@proxy/contract/admin/operators'
import { OPERATOR_ROLES } from '@proxy/contract/admin/permissions'
import { Alert, Button, Flex, Form, Input, Modal, Select, Typography } from 'antd'
import { useState } from 'react'
import { useInvite } from '../../api/operators.ts'
import { useAdminT } from '../../app/i18n.ts'
import { CopyValue } from './copy-value.tsx'

const fullLink = (path: string) => `${window.location.origin}${path}`

export const InviteModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useAdminT()
  const [form] = Form.useForm<InviteInput>()
  const invite = useInvite()
  const [created, setCreated] = useState<CreatedInvitation | null>(null)

  const close = () => {
    setCreated(null)
    form.resetFields()
    onClose()
  }
  const onOk = async () => {
    const values = await form.validateFields()
    setCreated(await invite.mutateAsync({ email: values.email.trim(), role: values.role }))
  }

  return (
    <Modal
      open={open}
      title={t('operators.invite.title')}
      onCancel={close}
      destroyOnHidden
      footer={
        created ? (
          <Button type="primary" onClick={close} data-testid="invite-done">
            {t('operators.invite.done')}
          </Button>
        ) : (
          <Flex justify="end" gap={8}>
            <Button onClick={close}>{t('operators.cancel')}</Button>
            <Button
              type="primary"
              loading={invite.isPending}
              onClick={() => void onOk().catch(() => undefined)}
              data-testid="invite-submit"
            >
              {t('operators.invite.submit')}
            </Button>
          </Flex>
        )
      }
    >
      {created ? (
        <Flex vertical gap={12} data-testid="invite-created">
          <Alert type="warning" showIcon title={t('operators.invite.once')} />
          <Typography.Text>
            {t('operators.invite.createdFor', {
              email: created.invitation.email,
              role: t(`roles.${created.invitation.role}`),
            })}
          </Typography.Text>
          <CopyValue value={fullLink(created.link)} data-testid="invite-link" />
          <Typography.Text type="secondary">{t('operators.invite.expires')}</Typography.Text>
        </Flex>
      ) : (
        <Form<InviteInput>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ role: 'support' }}
        >
          <Form.Item
            name="email"
            label={t('operators.email')}
            rules={[{ required: true, type: 'email', message: t('operators.invite.emailRule') }]}
          >
            <Input type="email" autoComplete="off" maxLength={254} data-testid="invite-email" />
          </Form.Item>
          <Form.Item name="role" label={t('operators.role')}>
            <Select
              options={OPERATOR_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
              data-testid="invite-role"
            />
          </Form.Item>
          <Typography.Text type="secondary">{t('operators.invite.hint')}</Typography.Text>
        </Form>
      )}
    </Modal>
  )
}
