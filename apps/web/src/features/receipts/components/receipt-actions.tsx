// A document's two actions: open its printable page, and download its PDF in the console's language.
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons'
import { App, Button, Flex } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { isApiError } from '../../../shared/http/api-error.ts'
import { describeApiError } from '../../../shared/http/describe-error.ts'
import { isLanguage } from '../../../shared/i18n/language.ts'
import { downloadPdf } from '../api/download-receipt-pdf.ts'

export const usePdfDownload = () => {
  const { t, i18n } = useTranslation('receipts')
  const { message } = App.useApp()
  const [downloading, setDownloading] = useState<string | null>(null)
  const download = async (id: string) => {
    setDownloading(id)
    try {
      const fileName = await downloadPdf(id, isLanguage(i18n.language) ? i18n.language : 'zh-CN')
      void message.success(t('downloaded', { fileName }))
    } catch (error) {
      const reason = isApiError(error) ? describeApiError(error) : String(error)
      void message.error(t('downloadFailed', { reason }))
    } finally {
      setDownloading(null)
    }
  }
  return { download, downloading }
}

export const ReceiptActions = ({ id, size = 'small' }: { id: string; size?: 'small' | 'middle' }) => {
  const { t } = useTranslation('receipts')
  const { download, downloading } = usePdfDownload()
  return (
    <Flex gap={4} wrap>
      <Link to={`/receipt/${id}`} data-testid="receipt-open">
        <Button size={size} icon={<PrinterOutlined />}>
          {t('view')}
        </Button>
      </Link>
      <Button
        size={size}
        icon={<DownloadOutlined />}
        loading={downloading === id}
        onClick={() => void download(id)}
        data-testid="receipt-pdf"
      >
        {t('pdf')}
      </Button>
    </Flex>
  )
}
