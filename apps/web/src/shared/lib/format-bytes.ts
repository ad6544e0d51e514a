// Shared with the server (its reminder mails quote the same figures).

export type { ByteUnit } from '@proxy/contract/bytes'
export { bytesIn, byteUnitFor, formatBytes } from '@proxy/contract/bytes'
