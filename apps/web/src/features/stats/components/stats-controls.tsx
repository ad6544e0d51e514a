// The statistics page's controls: whose statistics (the account, the traffic account, one static IP) and how far back.
import type { StatsSubjectItem } from '@proxy/contract/stats/endpoints'
import { Flex, Segmented, Select, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { type StatsControls as Controls, STATS_RANGES, type StatsRange } from './stats-range.ts'

type Props = {
  controls: Controls
  subjects: StatsSubjectItem[] | undefined
  isNarrow: boolean
  onRange: (range: StatsRange) => void
  onSubject: (subject: string) => void
}

export const StatsControls = ({ controls, subjects, isNarrow, onRange, onSubject }: Props) => {
  const { t } = useTranslation('stats')
  const { token } = theme.useToken()
  const labelOf = (item: StatsSubjectItem) => {
    if (item.kind === 'instance') return `${item.address ?? ''} · ${item.name ?? ''}`
    if (item.kind !== 'sub-user') return t(`subjects.${item.kind}`)
    return item.name
      ? t('subjects.subUser', { name: item.name })
      : t('subjects.deletedSubUser', { id: item.subject.slice('sub-user:'.length, 'sub-user:'.length + 8) })
  }
  const options = (
    subjects ?? [{ subject: 'account', kind: 'account' as const, address: null, name: null }]
  ).map((item) => ({ value: item.subject, label: labelOf(item) }))
  return (
    <Flex gap={token.marginSM} wrap align="center" data-testid="stats-controls">
      <Select
        value={controls.subject}
        onChange={onSubject}
        options={options}
        loading={!subjects}
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('subjects.label')}
        style={{ width: isNarrow ? '100%' : 320 }}
        data-testid="stats-subject"
      />
      <Segmented<StatsRange>
        value={controls.range}
        onChange={onRange}
        options={STATS_RANGES.map((range) => ({ value: range, label: t(`range.${range}`) }))}
        block={isNarrow}
        style={isNarrow ? { width: '100%' } : undefined}
        data-testid="stats-range"
      />
    </Flex>
  )
}
