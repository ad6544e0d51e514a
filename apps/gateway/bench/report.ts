// The side-by-side table, then the gateway as ratios to the bare relay and to microsocks.
import type { Figures } from './measure.ts'

export type Row = { name: string; figures?: Figures; missing?: string }
type Column = { title: string; value: (figures: Figures) => number | undefined; digits: number }

const perTunnelKiB = (figures: Figures) =>
  figures.idle && figures.idle.opened > 0
    ? ((figures.idle.rssMiB - figures.idle.rssBeforeMiB) * 1024) / figures.idle.opened
    : undefined

export function printTable(rows: Row[], plan: { parallel: number; idleTunnels: number }) {
  const columns: Column[] = [
    { title: '1 stream Gbit/s', value: (f) => f.single, digits: 2 },
    { title: `${plan.parallel} streams Gbit/s`, value: (f) => f.parallel, digits: 2 },
    { title: 'handshakes/s', value: (f) => f.handshakesPerSecond, digits: 0 },
    { title: 'p99 setup ms', value: (f) => f.p99Ms, digits: 2 },
    { title: 'RSS MiB before', value: (f) => f.idle?.rssBeforeMiB, digits: 1 },
    { title: `RSS MiB @${plan.idleTunnels} idle`, value: (f) => f.idle?.rssMiB, digits: 1 },
    { title: 'KiB/tunnel', value: perTunnelKiB, digits: 1 },
  ]
  const nameWidth = 40
  const cell = (text: string, index: number) =>
    text.padStart(Math.max(12, columns[index]?.title.length ?? 0) + 2)
  const line = (name: string, cells: string[]) =>
    console.log(name.padEnd(nameWidth) + cells.map(cell).join(''))
  const show = (value: number | undefined, digits: number) =>
    value === undefined || Number.isNaN(value) ? '—' : value.toFixed(digits)

  line(
    '',
    columns.map((column) => column.title),
  )
  for (const row of rows) {
    const { figures } = row
    line(
      row.name,
      columns.map((column) => (figures ? show(column.value(figures), column.digits) : (row.missing ?? '—'))),
    )
  }

  const ratioTo = (name: string, ours = 'our gateway') => {
    const gateway = rows.find((row) => row.name === ours)?.figures
    const base = rows.find((row) => row.name === name)
    const label = `${ours.replace('our ', '')} ÷ ${name}`
    if (!gateway || !base?.figures)
      return line(
        label,
        columns.map(() => base?.missing ?? '—'),
      )
    line(
      label,
      columns.map((column) => {
        const ours = column.value(gateway)
        const theirs = column.value(base.figures as Figures)
        const ratio = ours === undefined || theirs === undefined ? Number.NaN : ours / theirs
        return Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : '—'
      }),
    )
  }
  console.log('')
  ratioTo('bare Node relay')
  ratioTo('microsocks')
  ratioTo('squid (HTTP CONNECT)', 'our gateway (HTTP CONNECT)')
  const cluster = rows.find((row) => row.name.startsWith('our gateway, '))?.name
  if (cluster) {
    ratioTo('bare Node relay', cluster)
    ratioTo('microsocks', cluster)
  }
  console.log('(Gbit/s and handshakes/s: higher is better; p99, RSS and KiB/tunnel: lower is better.)')
  for (const { name, figures } of rows) {
    if (!figures) continue
    const runs = figures.singleRuns.map((gbit) => gbit.toFixed(2)).join(', ')
    console.log(`${name}: 1-stream runs ${runs} Gbit/s${figures.notes.map((note) => `; ${note}`).join('')}`)
  }
}
