// Filters of the IP list: status, region, a keyword and "expiring soon".
import type { Region } from '@proxy/contract/static-ip/catalog'
import {
  INSTANCE_STATUSES,
  type InstanceStatus,
  KEYWORD_MIN_LENGTH,
} from '@proxy/contract/static-ip/instances'
import { Checkbox, Flex, Input, Select, Typography, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { regionLabel } from '../../../shared/ui/region-name.tsx'

export type InstanceFilterValues = {
  status: InstanceStatus | undefined
  region: string | undefined
  keyword: string | undefined
  isExpiringSoon: boolean
}

type Props = {
  value: InstanceFilterValues
  regions: Region[]
  onChange: (changes: Partial<InstanceFilterValues>) => void
}

export const InstanceFilters = ({ value, regions, onChange }: Props) => {
  const { t, i18n } = useTranslation('static-ip')
  const { token } = theme.useToken()
  // The server searches from KEYWORD_MIN_LENGTH characters on (a trigram index); say so instead of asking.
  const [isTooShort, setIsTooShort] = useState(false)
  return (
    <Flex gap={token.marginSM} wrap align="center">
      <Select<InstanceStatus>
        allowClear
        value={value.status}
        placeholder={t('list.allStatuses')}
        onChange={(status) => onChange({ status: status ?? undefined })}
        options={INSTANCE_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        style={{ width: 130 }}
        aria-label={t('columns.status')}
        data-testid="status-filter"
      />
      <Select<string>
        allowClear
        value={value.region}
        placeholder={t('list.allRegions')}
        onChange={(region) => onChange({ region: region ?? undefined })}
        options={regions.map((region) => ({ value: region.id, label: regionLabel(region, i18n.language) }))}
        style={{ width: 190 }}
        aria-label={t('columns.region')}
        data-testid="region-filter"
      />
      <Input.Search
        allowClear
        defaultValue={value.keyword}
        placeholder={t('list.keyword')}
        onSearch={(text) => {
          const keyword = text.trim()
          const tooShort = keyword !== '' && keyword.length < KEYWORD_MIN_LENGTH
          setIsTooShort(tooShort)
          if (!tooShort) onChange({ keyword: keyword || undefined })
        }}
        status={isTooShort ? 'warning' : undefined}
        style={{ width: 240 }}
        data-testid="keyword-filter"
      />
      {isTooShort && (
        <Typography.Text type="warning" data-testid="keyword-too-short">
          {t('list.keywordTooShort', { count: KEYWORD_MIN_LENGTH })}
        </Typography.Text>
      )}
      <Checkbox
        checked={value.isExpiringSoon}
        onChange={(event) => onChange({ isExpiringSoon: event.target.checked })}
        data-testid="expiring-filter"
      >
        {t('list.expiringSoon')}
      </Checkbox>
    </Flex>
  )
}
