// An instant as a wall-clock time in a named zone, the same for the browser, the server and printed
// documents: `2026-03-01 14:05`, which lines up in a table and sorts as text.

const formatters = new Map<string, Intl.DateTimeFormat>()

/** One formatter per zone: building one costs far more than using it, and tables format many rows. */
const formatterIn = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** `2026-03-01 14:05`: the instant `iso` on the clocks of `timeZone`. */
export function formatInZone(iso: string, timeZone: string): string {
  const parts = formatterIn(timeZone).formatToParts(new Date(iso))
  const part = Object.fromEntries(parts.map(({ type, value }) => [type, value]))
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`
}
