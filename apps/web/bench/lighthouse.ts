// The portal in Lighthouse 12 (issue 15): mobile preset (simulated slow 4G, 4× CPU), median of RUNS runs on the built
// portal served by the real server (compiled) on loopback, in Debian's Chromium with DESIGN §10's flags. Prints the performance
// score and LCP of each run and of the median run against the goal (≥ 95, LCP ≤ 2.0 s). Needs a build (`vite build`).
// Run: `npm run bench -w @proxy/web` (RUNS=3 by default; BENCH_STRICT=1 exits 1 when the median misses the goal).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import lighthouse from 'lighthouse'

const WEB_ROOT = resolve(import.meta.dirname, '..')
const CHROMIUM = '/usr/bin/chromium'
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
const RUNS = Math.max(1, Math.min(9, Number(process.env.RUNS ?? 3)))
const GOAL = { score: 95, lcpMs: 2000 }
const START_TIMEOUT_MS = 15_000

type Run = { score: number; lcpMs: number; fcpMs: number; tbtMs: number; bytes: number }

/** Chromium with a DevTools port of its own choosing, read from its first lines. */
const startChromium = (): Promise<{ port: number; chromium: ChildProcess; profile: string }> => {
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-chromium-'))
  const chromium = spawn(
    CHROMIUM,
    [...FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  return new Promise((done, fail) => {
    let output = ''
    const timer = setTimeout(
      () => fail(new Error(`Chromium gave no DevTools port:\n${output}`)),
      START_TIMEOUT_MS,
    )
    chromium.once('exit', (code) => fail(new Error(`Chromium exited with ${code}:\n${output}`)))
    chromium.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        done({ port: Number(match[1]), chromium, profile })
      }
    })
  })
}

const median = (runs: readonly Run[]): Run => {
  const sorted = [...runs].sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs)
  return sorted[Math.floor((sorted.length - 1) / 2)] as Run
}

/**
 * The real server (compiled, built here when stale) serving the built client and the live prices
 * the portal fetches, from a fresh embedded database stocked with the demo catalogue.
 */
const startServer = async () => {
  const root = resolve(WEB_ROOT, '../..')
  const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--if-stale', 'server'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  })
  if (build.status !== 0) throw new Error('building the server failed')
  const port = await new Promise<number>((done, fail) => {
    const probe = createServer().once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
  const dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-data-'))
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
    // Development only for the demo catalogue (the prices the portal shows); no local gateway.
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOCAL_GATEWAY: 'false',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  for (let attempt = 0; !(await fetch(`${base}/readyz`).catch(() => null))?.ok; attempt++) {
    if (child.exitCode !== null || attempt > 600) throw new Error('the server did not become ready')
    await new Promise((wait) => setTimeout(wait, 100))
  }
  return {
    base,
    stop: async () => {
      const exited = new Promise((done) => child.once('exit', done))
      child.kill('SIGTERM')
      await exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

const audit = (lhr: { audits: Record<string, { numericValue?: number }> }, id: string) =>
  lhr.audits[id]?.numericValue ?? Number.NaN

const main = async () => {
  if (!existsSync(join(WEB_ROOT, 'dist/index.html')))
    throw new Error('No build in apps/web/dist: run `vite build` first.')
  const server = await startServer()
  const url = `${server.base}/portal/home`
  const { port, chromium, profile } = await startChromium()
  const runs: Run[] = []
  try {
    for (let index = 0; index < RUNS; index++) {
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      })
      if (!result) throw new Error('Lighthouse returned no result')
      const { lhr } = result
      const run: Run = {
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: audit(lhr, 'largest-contentful-paint'),
        fcpMs: audit(lhr, 'first-contentful-paint'),
        tbtMs: audit(lhr, 'total-blocking-time'),
        bytes: audit(lhr, 'total-byte-weight'),
      }
      runs.push(run)
      const element = (
        lhr.audits['largest-contentful-paint-element']?.details as
          | { items?: { items?: { node?: { snippet?: string } }[] }[] }
          | undefined
      )?.items?.[0]?.items?.[0]?.node?.snippet
      if (process.env.BENCH_VERBOSE === '1') console.log(`  LCP element: ${element ?? '?'}`)
      console.log(
        `lighthouse run ${index + 1}/${RUNS}: performance ${run.score}, LCP ${(run.lcpMs / 1000).toFixed(2)} s, ` +
          `FCP ${(run.fcpMs / 1000).toFixed(2)} s, TBT ${Math.round(run.tbtMs)} ms, ${(run.bytes / 1000).toFixed(1)} kB transferred`,
      )
    }
  } finally {
    const exited = new Promise((done) => chromium.once('exit', done))
    chromium.kill('SIGTERM')
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))])
    await server.stop()
    rmSync(profile, { recursive: true, force: true, maxRetries: 3 })
  }
  const middle = median(runs)
  const isMet = middle.score >= GOAL.score && middle.lcpMs <= GOAL.lcpMs
  console.log(
    `lighthouse portal (mobile preset, median of ${RUNS}): performance ${middle.score} (goal ≥ ${GOAL.score}), ` +
      `LCP ${(middle.lcpMs / 1000).toFixed(2)} s (goal ≤ ${(GOAL.lcpMs / 1000).toFixed(1)} s) — ${isMet ? 'met' : 'MISSED'}`,
  )
  if (!isMet && process.env.BENCH_STRICT === '1') process.exitCode = 1
}

await main()
