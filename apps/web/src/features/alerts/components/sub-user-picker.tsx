// Which sub-user a sub-user alert watches: any of them (each told on its own) or one, found by typing
// part of its username. One without a limit is marked, since it never fires.
import { Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useDebounced } from '../../../shared/lib/use-debounced.ts'
import { useSubUserChoices, useSubUserName } from '../api/list-sub-user-choices.ts'
import { ANY_SUB_USER } from './condition-form.ts'

type Props = { value?: string; onChange?: (value: string) => void }

export const SubUserPicker = ({ value = ANY_SUB_USER, onChange }: Props) => {
  const { t } = useTranslation('alerts')
  const [search, setSearch] = useState('')
  const choices = useSubUserChoices(useDebounced(search.trim(), 300))
  const isOne = value !== ANY_SUB_USER
  const picked = useSubUserName(isOne ? value : undefined)
  const items = choices.data?.items ?? []
  const options = [
    { value: ANY_SUB_USER, label: t('dialog.anySubUser') },
    ...items.map((item) => ({
      value: item.id,
      label: item.limit ? item.username : t('dialog.noLimit', { name: item.username }),
    })),
  ]
  // The watched one when it is not among those listed (another page, or deleted since).
  if (isOne && !items.some((item) => item.id === value))
    options.push({
      value,
      label: picked.data === null ? t('describe.deletedSubUser') : (picked.data ?? '…'),
    })
  return (
    <Select
      value={value}
      onChange={onChange}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onBlur={() => setSearch('')}
      loading={choices.isFetching}
      notFoundContent={t('dialog.noSubUsers')}
      aria-label={t('dialog.subUser')}
      style={{ width: '100%' }}
      data-testid="rule-sub-user"
    />
  )
}
