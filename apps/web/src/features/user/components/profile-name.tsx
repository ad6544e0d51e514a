// The inline rename of the personal-info modal: Enter saves, Esc cancels (with a visible hint).
import { EditOutlined } from '@ant-design/icons'
import { NAME_MAX_LENGTH } from '@proxy/contract/wire'
import { App, Button, Flex, Input, Space, Typography, theme } from 'antd'
import { type KeyboardEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useUpdateMe } from '../../../shared/api/update-me.ts'
import { nameProblem } from './name-rules.ts'

type Props = { name: string; onEditingChange: (isEditing: boolean) => void }

export const ProfileName = ({ name, onEditingChange }: Props) => {
  const { t } = useTranslation('user')
  const { token } = theme.useToken()
  const { message } = App.useApp()
  const update = useUpdateMe()
  const [draft, setDraft] = useState<string | null>(null)
  const problem = draft === null ? null : nameProblem(draft)

  const start = () => {
    setDraft(name)
    onEditingChange(true)
  }
  const cancel = () => {
    setDraft(null)
    onEditingChange(false)
  }
  const save = () => {
    if (draft === null || problem !== null) return
    update.mutate(
      { name: draft.trim() },
      {
        onSuccess: () => {
          void message.success(t('profile.renamed'))
          cancel()
        },
      },
    )
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return
    event.stopPropagation()
    cancel()
  }

  if (draft === null) {
    return (
      <Flex align="center" gap={token.marginXS} wrap>
        <Typography.Text strong data-testid="profile-name">
          {name || t('profile.noName')}
        </Typography.Text>
        <Button type="link" size="small" icon={<EditOutlined />} onClick={start}>
          {t('profile.rename')}
        </Button>
      </Flex>
    )
  }

  return (
    <Flex vertical gap={token.marginXXS} style={{ maxWidth: 420 }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          autoFocus
          value={draft}
          status={problem ? 'error' : ''}
          maxLength={NAME_MAX_LENGTH + 8}
          aria-label={t('profile.name')}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onPressEnter={save}
        />
        <Button type="primary" loading={update.isPending} disabled={problem !== null} onClick={save}>
          {t('profile.save')}
        </Button>
        <Button onClick={cancel}>{t('profile.cancel')}</Button>
      </Space.Compact>
      {problem && (
        <Typography.Text type="danger">{t(`profile.${problem}`, { max: NAME_MAX_LENGTH })}</Typography.Text>
      )}
      <Typography.Text type="secondary" data-testid="rename-hint">
        {t('profile.escHint')}
      </Typography.Text>
    </Flex>
  )
}
