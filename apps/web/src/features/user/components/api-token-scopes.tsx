// What an API token may do: the checkboxes at creation (each scope with what it covers) and the tags in
// the list, where a token holding every scope (as all made before scopes do) reads "Full access".
import { API_SCOPES, type ApiScope, isFullAccess } from '@proxy/contract/api-scopes'
import { Checkbox, Flex, Tag, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'

const SCOPE_COLORS: Record<ApiScope, string> = { read: 'blue', buy: 'gold', manage: 'purple' }

type PickerProps = { value: ApiScope[]; onChange: (scopes: ApiScope[]) => void; hasError?: boolean }

export const ApiScopePicker = ({ value, onChange, hasError = false }: PickerProps) => {
  const { t } = useTranslation('user')
  const { token } = theme.useToken()
  return (
    <Flex vertical gap={token.marginXXS}>
      <Typography.Text strong id="api-token-scopes-label">
        {t('tokens.scopes')}
      </Typography.Text>
      <Checkbox.Group
        value={value}
        onChange={(scopes) => onChange(API_SCOPES.filter((scope) => scopes.includes(scope)))}
        aria-labelledby="api-token-scopes-label"
        data-testid="api-token-scopes"
      >
        <Flex vertical gap={token.marginXXS}>
          {API_SCOPES.map((scope) => (
            <Checkbox key={scope} value={scope} data-testid={`api-token-scope-${scope}`}>
              <Typography.Text strong>{t(`tokens.scope.${scope}`)}</Typography.Text>{' '}
              <Typography.Text type="secondary">{t(`tokens.scopeHint.${scope}`)}</Typography.Text>
            </Checkbox>
          ))}
        </Flex>
      </Checkbox.Group>
      {hasError && (
        <Typography.Text type="danger" role="alert" data-testid="api-token-scopes-error">
          {t('tokens.scopesRequired')}
        </Typography.Text>
      )}
    </Flex>
  )
}

export const ApiScopeTags = ({ scopes }: { scopes: readonly ApiScope[] }) => {
  const { t } = useTranslation('user')
  if (isFullAccess(scopes))
    return (
      <Tag color="green" data-testid="api-token-full-access">
        {t('tokens.fullAccess')}
      </Tag>
    )
  return (
    <Flex gap={4} wrap data-testid="api-token-scope-tags">
      {scopes.map((scope) => (
        <Tag key={scope} color={SCOPE_COLORS[scope]} style={{ marginInlineEnd: 0 }}>
          {t(`tokens.scope.${scope}`)}
        </Tag>
      ))}
    </Flex>
  )
}
