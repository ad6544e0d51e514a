import { describe, expect, it } from 'vitest'
import { buildStatsChartOption } from './stats-chart-option.ts'

const none = {
  authentication: 0,
  policy: 0,
  dns: 0,
  timeout: 0,
  targetRefused: 0,
  overCap: 0,
  quota: 0,
  other: 0,
}
const series = [
  {
    time: '2026-11-29T00:00:00.000Z',
    opened: 5,
    succeeded: 4,
    failed: 1,
    failures: { ...none, dns: 1 },
    peakConcurrent: 2,
  },
  { time: '2026-11-29T01:00:00.000Z', opened: 0, succeeded: 0, failed: 0, failures: none, peakConcurrent: 0 },
]

describe('the statistics chart option', () => {
  it('stacks succeeded over failed per bucket and draws the peak on its own axis', () => {
    const option = buildStatsChartOption({
      series,
      granularity: 'hour',
      tz: 'Asia/Shanghai',
      language: 'en-US',
      labels: { succeeded: 'Succeeded', failed: 'Failed', peak: 'Peak' },
      palette: { succeeded: 'green', failed: 'red', peak: 'blue', text: 'black', split: 'grey' },
      isNarrow: false,
    })
    const drawn = option.series as { name: string; data: number[]; stack?: string; yAxisIndex?: number }[]
    expect(drawn.map((s) => [s.name, s.data, s.stack, s.yAxisIndex])).toEqual([
      ['Succeeded', [4, 0], 'tunnels', undefined],
      ['Failed', [1, 0], 'tunnels', undefined],
      ['Peak', [2, 0], undefined, 1],
    ])
    expect((option.xAxis as { data: string[] }).data).toEqual(['08:00', '09:00'])
  })
})
