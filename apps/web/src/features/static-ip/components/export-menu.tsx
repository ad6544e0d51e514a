// A download button with every export format. With ids it exports those instances; with none and
// `filters` given, every instance matching them (the button says how many). While the file arrives
// it shows how much has come, and a failure says why.
import { DownloadOutlined, DownOutlined } from '@ant-design/icons'
import { App, Button, Dropdown, Progress, Space, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../shared/http/api-error.ts'
import { describeApiError } from '../../../shared/http/describe-error.ts'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import {
  EXPORT_CHOICE_KEYS,
  type ExportChoice,
  type ExportFilters,
  type ExportProgress,
  type ExportScope,
  exportInstances,
} from '../api/export-instances.ts'

const LABEL_KEYS = {
  socks5: 'export.socks5',
  'socks5-colon': 'export.socks5Colon',
  'socks5-at': 'export.socks5At',
  http: 'export.http',
  vmess: 'export.vmess',
  all: 'export.all',
  clash: 'export.clash',
  csv: 'export.csv',
  json: 'export.json',
} as const satisfies Record<ExportChoice, string>

type Props = {
  ids: readonly string[]
  /** Without a selection, export every instance matching these (the IP list's filters). */
  filters?: ExportFilters
  /** How many instances match the filters. */
  matching?: number
  label?: string
  types?: readonly ExportChoice[]
  disabled?: boolean
  'data-testid'?: string
}

const isAbort = (error: unknown) =>
  error instanceof Error && (error.name === 'CanceledError' || error.name === 'AbortError')

export const ExportMenu = ({
  ids,
  filters,
  matching,
  label,
  types = EXPORT_CHOICE_KEYS,
  disabled = false,
  ...rest
}: Props) => {
  const { t, i18n } = useTranslation('static-ip')
  const { message } = App.useApp()
  const [progress, setProgress] = useState<ExportProgress | null>(null)
  const aborter = useRef<AbortController | null>(null)
  useEffect(() => () => aborter.current?.abort(), [])

  const isSelection = ids.length > 0 || !filters
  const scope: ExportScope = isSelection ? { ids } : { filters: filters ?? {} }
  const buttonLabel = !filters
    ? (label ?? t('export.button'))
    : isSelection
      ? t('export.selected', { count: ids.length })
      : t('export.matching', { count: matching ?? 0 })
  const isEmpty = ids.length === 0 && (!filters || matching === 0)

  const onExport = async (choice: ExportChoice) => {
    aborter.current = new AbortController()
    setProgress({ received: 0, total: null })
    try {
      await exportInstances(choice, scope, { onProgress: setProgress, signal: aborter.current.signal })
    } catch (error) {
      if (!isAbort(error))
        void message.error(
          isApiError(error)
            ? t('export.failedBecause', { reason: describeApiError(error) })
            : t('export.failed'),
        )
    } finally {
      setProgress(null)
    }
  }

  const percent = progress?.total
    ? Math.min(100, Math.round((progress.received / progress.total) * 100))
    : null

  return (
    <Space size="small">
      <Dropdown
        disabled={disabled || isEmpty}
        trigger={['click']}
        menu={{
          items: types.map((choice) => ({
            key: choice,
            label: <span data-testid={`export-${choice}`}>{t(LABEL_KEYS[choice])}</span>,
          })),
          onClick: ({ key }) => void onExport(key as ExportChoice),
        }}
      >
        <Button icon={<DownloadOutlined />} loading={progress !== null} data-testid={rest['data-testid']}>
          {buttonLabel} <DownOutlined />
        </Button>
      </Dropdown>
      {progress && (
        <Space size="small" data-testid="export-progress" role="status">
          {percent !== null && <Progress type="circle" size={20} percent={percent} />}
          <Typography.Text type="secondary">
            {t('export.progress', { received: formatBytes(progress.received, i18n.language) })}
          </Typography.Text>
        </Space>
      )}
    </Space>
  )
}
