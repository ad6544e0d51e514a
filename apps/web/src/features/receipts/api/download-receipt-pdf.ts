// GET /user/receipts/:id/pdf: a PDF attachment (not an envelope), fetched as a blob with the session's
// bearer token and saved under the name the server suggests (the document's number).
import { downloadReceiptPdf } from '@proxy/contract/receipts/endpoints'
import type { AxiosResponse } from 'axios'
import { fillPath } from '../../../shared/http/call-endpoint.ts'
import { http } from '../../../shared/http/client.ts'
import type { Language } from '../../../shared/i18n/language.ts'
import { fileNameFromDisposition } from '../../../shared/lib/content-disposition.ts'
import { downloadBlob } from '../../../shared/lib/download-blob.ts'

/** Downloads the PDF in `lang` and answers the file name it was saved under. */
export const downloadPdf = async (id: string, lang: Language): Promise<string> => {
  const response = await http.get<Blob, AxiosResponse<Blob>>(fillPath(downloadReceiptPdf.path, { id }), {
    params: { lang },
    responseType: 'blob',
    // The page says what failed (usePdfDownload): no toast of the client's own.
    silent: true,
    rawResponse: true,
  })
  const disposition = response.headers['content-disposition']
  const fileName = fileNameFromDisposition(
    typeof disposition === 'string' ? disposition : null,
    'receipt.pdf',
  )
  downloadBlob(fileName, response.data)
  return fileName
}
