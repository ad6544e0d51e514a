// Byte counts as people read them, the same in the console and in the server's mails. Units step by 1024
// and are labelled KB/MB/GB/TB, matching how traffic plans are sold (1 GB = 1024³ bytes), so a 10 GB
// package reads "10 GB" and not "10.74 GB".
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const

export type ByteUnit = (typeof UNITS)[number]

/** The unit a value is best shown in: the largest one that keeps the number at 1 or more. */
export const byteUnitFor = (bytes: number): ByteUnit => {
  let index = 0
  let value = Math.abs(bytes)
  while (value >= 1024 && index < UNITS.length - 1) {
    value /= 1024
    index += 1
  }
  return UNITS[index] ?? 'B'
}

/** A value in a given unit, for chart axes that share one unit across points. */
export const bytesIn = (bytes: number, unit: ByteUnit): number => bytes / 1024 ** UNITS.indexOf(unit)

/** "1.5 GB", "512 KB", "0 B"; at most `digits` decimals, trailing zeros dropped. */
export const formatBytes = (bytes: number, language = 'en-US', digits = 2): string => {
  const unit = byteUnitFor(bytes)
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: unit === 'B' ? 0 : digits }).format(
    bytesIn(bytes, unit),
  )
  return `${number} ${unit}`
}

/** The largest byte count that is still an exact JSON number (2^53 − 1, about 9 PB). */
export const MAX_WIRE_BYTES = BigInt(Number.MAX_SAFE_INTEGER)

/**
 * A byte count kept as bigint on the server, as the JSON number the API reports. Every total is
 * bounded by 2^53 − 1 before it is stored, so this never loses a byte; if it ever would, it throws
 * rather than answer a wrong number.
 */
export const bytesToWire = (bytes: bigint): number => {
  if (bytes < 0n || bytes > MAX_WIRE_BYTES)
    throw new RangeError(`byte count ${bytes} is not an exact JSON number`)
  return Number(bytes)
}
