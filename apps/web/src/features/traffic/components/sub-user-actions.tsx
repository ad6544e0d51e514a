// What a customer does to one sub-user: edit, see its usage, and under "more" reset its password, lift
// a pause, disable or enable it, or delete it. Everything that cuts a login off asks first.
import { DownOutlined } from '@ant-design/icons'
import type { SubUser, SubUserWithPassword } from '@proxy/contract/traffic/sub-users'
import { App, Button, Dropdown, Flex, type MenuProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { useDeleteSubUser } from '../api/delete-sub-user.ts'
import { useLiftSubUserAutoStop } from '../api/lift-sub-user-auto-stop.ts'
import { useResetSubUserPassword } from '../api/reset-sub-user-password.ts'
import { useUpdateSubUser } from '../api/update-sub-user.ts'

export type SubUserHandlers = {
  onEdit: (sub: SubUser) => void
  onUsage: (sub: SubUser) => void
  onPassword: (sub: SubUserWithPassword, isNew: boolean) => void
}

export const SubUserActions = ({ sub, handlers }: { sub: SubUser; handlers: SubUserHandlers }) => {
  const { t } = useTranslation(['traffic', 'common'])
  const { modal, message } = App.useApp()
  const update = useUpdateSubUser()
  const remove = useDeleteSubUser()
  const reset = useResetSubUserPassword()
  const lift = useLiftSubUserAutoStop()
  const { username } = sub
  // A failure is already toasted by the HTTP layer: the confirmation just closes.
  const quietly = (run: Promise<unknown>) => run.catch(() => undefined)

  const confirm = (kind: 'delete' | 'disable' | 'reset', onOk: () => Promise<unknown>) =>
    void modal.confirm({
      title: t(`subUsers.confirm.${kind}Title`, { username }),
      content: t(`subUsers.confirm.${kind}`),
      okText: t(`subUsers.actions.${kind === 'reset' ? 'resetPassword' : kind}`),
      okButtonProps: { danger: true, 'data-testid': 'sub-user-confirm' },
      cancelText: t('common:actions.cancel'),
      onOk: () => quietly(onOk()),
    })

  const setDisabled = (disabled: boolean) =>
    update.mutateAsync({ id: sub.id, body: { disabled } }).then(() => {
      void message.success(t(disabled ? 'subUsers.done.disabled' : 'subUsers.done.enabled', { username }))
    })

  const items: MenuProps['items'] = [
    { key: 'reset', label: t('subUsers.actions.resetPassword') },
    ...(sub.status === 'paused' ? [{ key: 'lift', label: t('subUsers.actions.lift') }] : []),
    sub.status === 'disabled'
      ? { key: 'enable', label: t('subUsers.actions.enable') }
      : { key: 'disable', label: t('subUsers.actions.disable') },
    { type: 'divider' as const },
    { key: 'delete', label: t('subUsers.actions.delete'), danger: true },
  ]
  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'reset')
      confirm('reset', () => reset.mutateAsync(sub.id).then((next) => handlers.onPassword(next, false)))
    else if (key === 'lift')
      void quietly(lift.mutateAsync(sub.id).then(() => void message.success(t('subUsers.done.lifted'))))
    else if (key === 'enable') void quietly(setDisabled(false))
    else if (key === 'disable') confirm('disable', () => setDisabled(true))
    else if (key === 'delete')
      confirm('delete', () =>
        remove.mutateAsync(sub.id).then(() => void message.success(t('subUsers.done.deleted', { username }))),
      )
  }

  return (
    <Flex gap={4} wrap>
      <Button size="small" onClick={() => handlers.onEdit(sub)} data-testid="sub-user-edit">
        {t('subUsers.actions.edit')}
      </Button>
      <Button size="small" onClick={() => handlers.onUsage(sub)} data-testid="sub-user-usage-open">
        {t('subUsers.actions.usage')}
      </Button>
      <Dropdown menu={{ items, onClick: onMenu }} trigger={['click']}>
        <Button size="small" data-testid="sub-user-more">
          {t('subUsers.actions.more')} <DownOutlined />
        </Button>
      </Dropdown>
    </Flex>
  )
}
