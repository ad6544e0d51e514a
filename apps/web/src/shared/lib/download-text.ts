// Saves a string as a file.
import { downloadBlob } from './download-blob.ts'

export const downloadText = (fileName: string, text: string, type = 'text/plain;charset=utf-8'): void =>
  downloadBlob(fileName, new Blob([text], { type }))
