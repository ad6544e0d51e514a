// A short name for a browser from its User-Agent header: "Chrome · Windows". Good enough to recognise
// one's own devices; null when nothing is recognised.
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/MicroMessenger\//, 'WeChat'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
  [/curl\//, 'curl'],
]

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
]

const firstMatch = (agent: string, table: [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(agent))?.[1]

export const describeUserAgent = (agent: string | null): string | null => {
  if (!agent) return null
  const parts = [firstMatch(agent, BROWSERS), firstMatch(agent, SYSTEMS)].filter(Boolean)
  return parts.length > 0 ? parts.join(' · ') : null
}
