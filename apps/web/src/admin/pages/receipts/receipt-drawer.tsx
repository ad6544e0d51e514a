// One issued receipt or credit note, as the customer's printed page shows it, with its PDF (the console's
// session cookie goes with the plain download link), in the operator's language.
import { DownloadOutlined } from '@ant-design/icons'
import { downloadAdminReceiptPdf } from '@proxy/contract/admin/receipts'
import { Button, Drawer, Skeleton } from 'antd'
import { fillPath } from '../../../shared/http/call-endpoint.ts'
import { API_BASE } from '../../../shared/http/client.ts'
import { ReceiptSheet } from '../../../shared/ui/receipt-sheet/receipt-sheet.tsx'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { useAdminReceipt } from '../../api/receipts.ts'
import { useAdminT } from '../../app/i18n.ts'

export const pdfHref = (id: string, lang: string) =>
  `${API_BASE}${fillPath(downloadAdminReceiptPdf.path, { id })}?lang=${encodeURIComponent(lang)}`

export const ReceiptDrawer = ({ id, onClose }: { id: string | null; onClose: () => void }) => {
  const { t, language } = useAdminT()
  const isNarrow = useIsNarrow()
  const { data } = useAdminReceipt(id)
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={t('receipts.detail')}
      size={isNarrow ? '100%' : 820}
      styles={{ body: { padding: isNarrow ? 0 : undefined } }}
      extra={
        id && (
          <Button
            href={pdfHref(id, language)}
            download
            icon={<DownloadOutlined />}
            data-testid="admin-receipt-pdf"
          >
            {t('receipts.pdf')}
          </Button>
        )
      }
      destroyOnHidden
      data-testid="admin-receipt-drawer"
    >
      {data && data.id === id ? (
        <ReceiptSheet document={data} language={language} data-testid="admin-receipt-sheet" />
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </Drawer>
  )
}
