// A download button with the export formats; ids limit the file to those instances.
import { DownloadOutlined, DownOutlined } from '@ant-design/icons'
import { App, Button, Dropdown } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EXPORT_TYPES, type ExportType, exportInstances } from '../api/export-instances.ts'

type Props = {
  ids: readonly string[]
  label?: string
  types?: readonly ExportType[]
  disabled?: boolean
  'data-testid'?: string
}

export const ExportMenu = ({ ids, label, types = EXPORT_TYPES, disabled = false, ...rest }: Props) => {
  const { t } = useTranslation('static-ip')
  const { message } = App.useApp()
  const [isExporting, setIsExporting] = useState(false)

  const onExport = async (type: ExportType) => {
    setIsExporting(true)
    try {
      await exportInstances(type, { ids })
    } catch {
      void message.error(t('export.failed'))
    } finally {
      setIsExporting(false)
    }
  }

  return (
    <Dropdown
      disabled={disabled}
      trigger={['click']}
      menu={{
        items: types.map((type) => ({
          key: type,
          label: <span data-testid={`export-${type}`}>{t(`export.${type}`)}</span>,
        })),
        onClick: ({ key }) => void onExport(key as ExportType),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={isExporting} data-testid={rest['data-testid']}>
        {label ?? t('export.button')} <DownOutlined />
      </Button>
    </Dropdown>
  )
}
