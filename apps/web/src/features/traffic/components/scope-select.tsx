// Whose usage: everything, the traffic account, or one static IP found by name or address on the server.
import { KEYWORD_MIN_LENGTH } from '@proxy/contract/static-ip/instances'
import { Select, Spin } from 'antd'
import type { CSSProperties } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useInstance } from '../../../shared/api/get-instance.ts'
import { useInstances } from '../../../shared/api/list-instances.ts'
import { useDebounced } from '../../../shared/lib/use-debounced.ts'
import type { UsageScope } from './usage-range.ts'

const SEARCH_PAGE_SIZE = 20
const INSTANCE_PREFIX = 'ip:'

export const scopeValue = (scope: UsageScope): string =>
  scope.kind === 'instance' ? `${INSTANCE_PREFIX}${scope.instanceId}` : scope.kind

export const scopeOf = (value: string): UsageScope => {
  if (value.startsWith(INSTANCE_PREFIX))
    return { kind: 'instance', instanceId: value.slice(INSTANCE_PREFIX.length) }
  return value === 'traffic-account' ? { kind: 'traffic-account' } : { kind: 'all' }
}

type Props = { value: UsageScope; onChange: (scope: UsageScope) => void; style?: CSSProperties }

export const ScopeSelect = ({ value, onChange, style }: Props) => {
  const { t } = useTranslation('traffic', { keyPrefix: 'usage' })
  const [search, setSearch] = useState('')
  const keyword = useDebounced(search.trim(), 300)
  // The server searches from KEYWORD_MIN_LENGTH characters on (a trigram index): shorter asks for more.
  const isTooShort = search.trim() !== '' && search.trim().length < KEYWORD_MIN_LENGTH
  const found = useInstances({
    page: 1,
    pageSize: SEARCH_PAGE_SIZE,
    keyword: keyword.length >= KEYWORD_MIN_LENGTH ? keyword : undefined,
  })
  // The chosen IP may not be among the search results (a shared link): its own detail names it.
  const selectedId = value.kind === 'instance' ? value.instanceId : null
  const isListed = found.data?.items.some((item) => item.id === selectedId) ?? false
  const selected = useInstance(selectedId && !isListed ? selectedId : null).data
  const isSearching = search.trim() !== ''
  const instances = isTooShort
    ? []
    : [...(selected && !isSearching ? [selected] : []), ...(found.data?.items ?? [])]
  const options = [
    // While searching only IPs can match: the two fixed choices step aside so "no match" can show.
    ...(isSearching
      ? []
      : [
          { value: 'all', label: t('scope.all') },
          { value: 'traffic-account', label: t('scope.trafficAccount') },
        ]),
    ...(instances.length > 0
      ? [
          {
            label: t('scope.instances'),
            options: instances.map((instance) => ({
              value: scopeValue({ kind: 'instance', instanceId: instance.id }),
              label: t('scope.instance', { name: instance.lineInstanceName, ip: instance.ip }),
            })),
          },
        ]
      : []),
  ]

  return (
    <Select<string>
      value={scopeValue(value)}
      onChange={(next) => {
        setSearch('')
        onChange(scopeOf(next))
      }}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      notFoundContent={
        isTooShort ? (
          t('scope.keepTyping', { count: KEYWORD_MIN_LENGTH })
        ) : found.isFetching ? (
          <Spin size="small" />
        ) : (
          t('scope.noMatch')
        )
      }
      options={options}
      labelRender={(item) => item.label ?? t('scope.someIp')}
      popupMatchSelectWidth={false}
      style={style}
      aria-label={t('scope.label')}
      data-testid="usage-scope"
    />
  )
}
