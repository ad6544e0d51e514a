// Creates an API token with the scopes the customer ticks (read alone unless told: the least a script
// needs) and shows its secret once, with a copy button.
import { KeyOutlined, PlusOutlined } from '@ant-design/icons'
import type { ApiScope } from '@proxy/contract/api-scopes'
import { NAME_MAX_LENGTH } from '@proxy/contract/wire'
import { Alert, App, Button, Flex, Input, Space, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyableCodeBlock } from '../../../shared/ui/copyable-code.tsx'
import { useCreateApiToken } from '../api/create-api-token.ts'
import { ApiScopePicker } from './api-token-scopes.tsx'
import { nameProblem } from './name-rules.ts'

type Secret = { name: string; token: string }

export const ApiTokenCreate = () => {
  const { t } = useTranslation('user')
  const { token: design } = theme.useToken()
  const { message } = App.useApp()
  const create = useCreateApiToken()
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<ApiScope[]>(['read'])
  const [hasNoScope, setHasNoScope] = useState(false)
  const [secret, setSecret] = useState<Secret | null>(null)

  const onCreate = () => {
    const problem = nameProblem(name)
    if (problem !== null) {
      void message.warning(problem === 'nameRequired' ? t('tokens.nameRequired') : t('profile.nameTooLong'))
      return
    }
    if (scopes.length === 0) {
      setHasNoScope(true)
      return
    }
    const trimmed = name.trim()
    create.mutate(
      { name: trimmed, scopes },
      {
        onSuccess: ({ token }) => {
          setSecret({ name: trimmed, token })
          setName('')
          setScopes(['read'])
          void message.success(t('tokens.created'))
        },
      },
    )
  }

  return (
    <Flex vertical gap={design.marginSM}>
      <ApiScopePicker
        value={scopes}
        hasError={hasNoScope && scopes.length === 0}
        onChange={(next) => {
          setScopes(next)
          setHasNoScope(false)
        }}
      />
      <Space.Compact style={{ width: '100%', maxWidth: 480 }}>
        <Input
          prefix={<KeyOutlined />}
          value={name}
          maxLength={NAME_MAX_LENGTH}
          placeholder={t('tokens.namePlaceholder')}
          aria-label={t('tokens.nameLabel')}
          onChange={(event) => setName(event.target.value)}
          onPressEnter={onCreate}
        />
        <Button type="primary" icon={<PlusOutlined />} loading={create.isPending} onClick={onCreate}>
          {t('tokens.create')}
        </Button>
      </Space.Compact>
      {secret && (
        <Alert
          type="success"
          showIcon
          title={t('tokens.secretTitle', { name: secret.name })}
          description={
            <Flex vertical gap={design.marginXS}>
              <span>{t('tokens.secretNotice')}</span>
              <CopyableCodeBlock value={secret.token} data-testid="token-secret" />
            </Flex>
          }
          action={
            <Button size="small" onClick={() => setSecret(null)}>
              {t('tokens.dismiss')}
            </Button>
          }
        />
      )}
    </Flex>
  )
}
