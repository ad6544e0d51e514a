// GET /user/wallet/transactions/export: a CSV attachment (not an envelope), fetched as a blob so its BOM
// survives, without toasts; saved under the name the server suggests.
import { type CsvLanguage, exportTransactionsPath } from '@proxy/contract/wallet/transactions'
import type { AxiosResponse } from 'axios'
import { http } from '../../../shared/http/client.ts'
import { fileNameFromDisposition } from '../../../shared/lib/content-disposition.ts'
import { downloadBlob } from '../../../shared/lib/download-blob.ts'
import { filterQuery, type TransactionFilter } from './list-transactions.ts'

export const EXPORT_FALLBACK_NAME = 'billing.csv'

export const fetchTransactionsExport = async (filter: TransactionFilter, lang: CsvLanguage) => {
  const response = await http.get<Blob, AxiosResponse<Blob>>(exportTransactionsPath, {
    params: { ...filterQuery(filter), lang },
    responseType: 'blob',
    silent: true,
    rawResponse: true,
  })
  const disposition = response.headers['content-disposition']
  return {
    blob: response.data,
    fileName: fileNameFromDisposition(
      typeof disposition === 'string' ? disposition : null,
      EXPORT_FALLBACK_NAME,
    ),
  }
}

/** Downloads the export and answers the file name it was saved under. */
export const exportTransactions = async (filter: TransactionFilter, lang: CsvLanguage): Promise<string> => {
  const { blob, fileName } = await fetchTransactionsExport(filter, lang)
  downloadBlob(fileName, blob)
  return fileName
}
