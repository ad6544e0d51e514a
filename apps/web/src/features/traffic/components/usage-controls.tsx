// The controls of the usage page: preset or custom days, hour or day buckets, and the scope.

import { USAGE_MAX_DAYS } from '@proxy/contract/wire'
import { DatePicker, Flex, Segmented, Tooltip, theme } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import type { DayRange } from '../../../shared/lib/date-range.ts'
import { ScopeSelect } from './scope-select.tsx'
import {
  type UsageControls as Controls,
  GRANULARITIES,
  type Granularity,
  isDayDisabled,
  RANGE_PRESETS,
  type RangePreset,
  type UsageScope,
} from './usage-range.ts'

const DAY_FORMAT = 'YYYY-MM-DD'

type Props = {
  controls: Controls
  today: string
  isNarrow: boolean
  onPreset: (preset: RangePreset) => void
  onDays: (days: DayRange) => void
  onGranularity: (granularity: Granularity) => void
  onScope: (scope: UsageScope) => void
}

export const UsageControls = ({
  controls,
  today,
  isNarrow,
  onPreset,
  onDays,
  onGranularity,
  onScope,
}: Props) => {
  const { t } = useTranslation('traffic', { keyPrefix: 'usage' })
  const { token } = theme.useToken()
  const hourLimit = t('granularity.hourLimit', { days: USAGE_MAX_DAYS.hour })
  return (
    <Flex gap={token.marginSM} wrap align="center" data-testid="usage-controls">
      <Segmented<RangePreset>
        value={controls.preset}
        onChange={onPreset}
        options={RANGE_PRESETS.map((preset) => ({ value: preset, label: t(`range.${preset}`) }))}
        block={isNarrow}
        style={isNarrow ? { width: '100%' } : undefined}
        data-testid="usage-range"
      />
      <DatePicker.RangePicker
        value={[dayjs(controls.days.first), dayjs(controls.days.last)]}
        allowClear={false}
        disabledDate={(current: Dayjs, info) =>
          isDayDisabled(current.format(DAY_FORMAT), today, info?.from?.format(DAY_FORMAT))
        }
        onChange={(range) => {
          const [first, last] = range ?? []
          if (first && last) onDays({ first: first.format(DAY_FORMAT), last: last.format(DAY_FORMAT) })
        }}
        style={{ width: isNarrow ? '100%' : 250 }}
        aria-label={t('range.label')}
        data-testid="usage-days"
      />
      <Segmented<Granularity>
        value={controls.granularity}
        onChange={onGranularity}
        options={GRANULARITIES.map((granularity) => {
          const isDisabled = granularity === 'hour' && !controls.isHourAllowed
          const label = t(`granularity.${granularity}`)
          return {
            value: granularity,
            disabled: isDisabled,
            label: isDisabled ? <Tooltip title={hourLimit}>{label}</Tooltip> : label,
          }
        })}
        aria-label={t('granularity.label')}
        data-testid="usage-granularity"
      />
      <ScopeSelect
        value={controls.scope}
        onChange={onScope}
        style={{ width: isNarrow ? '100%' : 240, flex: isNarrow ? 'auto' : 'none' }}
      />
    </Flex>
  )
}
