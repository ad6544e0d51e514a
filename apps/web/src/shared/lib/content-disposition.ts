// The file name a download's Content-Disposition header suggests (RFC 6266), or a fallback.

const stripPath = (name: string): string => name.split(/[/\\]/).pop()?.trim() ?? ''

const decodeExtended = (value: string): string | null => {
  // filename*=UTF-8''na%C3%AFve.csv (charset, optional language, percent-encoded value)
  const match = /^([\w!#$%&+^`{}~-]+)'[\w-]*'(.+)$/.exec(value)
  if (!match?.[2]) return null
  try {
    return decodeURIComponent(match[2])
  } catch {
    return null
  }
}

export const fileNameFromDisposition = (header: string | null | undefined, fallback: string): string => {
  if (!header) return fallback
  const extended = /filename\*\s*=\s*("?)([^";]+)\1/i.exec(header)
  const fromExtended = extended?.[2] ? decodeExtended(extended[2].trim()) : null
  if (fromExtended && stripPath(fromExtended)) return stripPath(fromExtended)
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header)
  const value = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]
  const name = value ? stripPath(value) : ''
  return name || fallback
}
