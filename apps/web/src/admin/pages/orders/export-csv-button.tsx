// "Export CSV" on the finance lists: a plain download link to the list's export with the filters on
// screen (the console's HttpOnly session cookie goes with it), for an operator holding `exports.read`.
import { DownloadOutlined } from '@ant-design/icons'
import { ADMIN_EXPORT_MAX_ROWS } from '@proxy/contract/admin/orders'
import { Button } from 'antd'
import { API_BASE } from '../../../shared/http/client.ts'
import { setFilters } from '../../api/orders.ts'
import { useAdminT } from '../../app/i18n.ts'
import { useCan } from '../../app/operator-context.ts'

/** The export's address: the API path with the set filters (no paging) as its query string. */
export const exportHref = (path: string, filters: object): string => {
  const search = new URLSearchParams(
    Object.entries(setFilters(filters)).map(([key, value]) => [key, String(value)]),
  ).toString()
  return `${API_BASE}${path}${search === '' ? '' : `?${search}`}`
}

export const ExportCsvButton = ({
  path,
  filters,
  area,
  testId,
}: {
  path: string
  filters: object
  /** The page folder whose locale holds `export.action` and `export.hint`. */
  area: 'orders' | 'topups'
  testId: string
}) => {
  const { t } = useAdminT()
  const can = useCan()
  if (!can('exports.read')) return null
  return (
    <Button
      href={exportHref(path, filters)}
      download
      icon={<DownloadOutlined />}
      title={t(`${area}.export.hint`, { rows: ADMIN_EXPORT_MAX_ROWS.toLocaleString('en-US') })}
      data-testid={testId}
    >
      {t(`${area}.export.action`)}
    </Button>
  )
}
