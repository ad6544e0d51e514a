// /receipt/:id: one receipt or credit note as a sheet to print (the browser's print prints the sheet
// alone), in the console's language, with its PDF to download. Outside the console layout on purpose.
import { ArrowLeftOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons'
import { Button, Flex, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { isApiError } from '../../../shared/http/api-error.ts'
import { isLanguage } from '../../../shared/i18n/language.ts'
import { CenteredScreen } from '../../../shared/ui/centered-screen.tsx'
import { LanguageSwitch } from '../../../shared/ui/language-switch.tsx'
import { PageSpin } from '../../../shared/ui/page-spin.tsx'
import { ReceiptSheet } from '../../../shared/ui/receipt-sheet/receipt-sheet.tsx'
import { isReceiptId, useReceipt } from '../api/get-receipt.ts'
import { usePdfDownload } from '../components/receipt-actions.tsx'
import styles from './receipt-print-page.module.css'

const BackToList = () => {
  const { t } = useTranslation('receipts')
  return (
    <Link to="/console/receipts">
      <Button icon={<ArrowLeftOutlined />} data-testid="receipt-back">
        {t('print.back')}
      </Button>
    </Link>
  )
}

const Missing = ({ isNotFound }: { isNotFound: boolean }) => {
  const { t } = useTranslation('receipts')
  return (
    <CenteredScreen>
      <Result
        status={isNotFound ? '404' : 'error'}
        title={t(isNotFound ? 'print.notFound' : 'print.loadFailed')}
        extra={<BackToList />}
      />
    </CenteredScreen>
  )
}

const Sheet = ({ id }: { id: string }) => {
  const { t, i18n } = useTranslation('receipts')
  const query = useReceipt(id)
  const { download, downloading } = usePdfDownload()
  if (query.isPending) return <PageSpin fullScreen />
  if (!query.data) return <Missing isNotFound={isApiError(query.error) && query.error.status === 404} />
  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <BackToList />
        <Flex gap={8} wrap>
          <LanguageSwitch compact />
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="receipt-print">
            {t('print.print')}
          </Button>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={downloading === id}
            onClick={() => void download(id)}
            data-testid="receipt-print-pdf"
          >
            {t('pdf')}
          </Button>
        </Flex>
      </div>
      <div className={styles.paper}>
        <ReceiptSheet document={query.data} language={isLanguage(i18n.language) ? i18n.language : 'zh-CN'} />
      </div>
    </div>
  )
}

export const ReceiptPrintPage = () => {
  const { id } = useParams()
  return isReceiptId(id) ? <Sheet id={id} /> : <Missing isNotFound />
}
