// `npm test`: every check and test of the repository, as stages scheduled over this machine's
// cores instead of one after another (most stages are one vitest worker, one core). Each stage's
// output goes to a log that is printed when the stage fails; the end prints every stage's time
// and test count.
//
//   node scripts/test.mjs               every stage
//   node scripts/test.mjs web:unit ...  only these stages (and the stages they need)
//   node scripts/test.mjs --quick       `npm run test:quick`: lint, typecheck, and the unit and API
//                                       tests related to the uncommitted changes (or, on a clean
//                                       tree, to the last commit), on PGlite
//   TEST_SLOTS=n                        how many cores the stages may take at once (default: all)
//
// A stage has a weight: the cores it keeps busy (a vitest run with two workers weighs 2). Stages
// start in the order listed, each when its dependencies have passed and its weight fits; a stage
// that does not fit yet holds back the ones after it, so heavy stages are never starved.
import { execFileSync, spawn } from 'node:child_process'
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const slots = Number(process.env.TEST_SLOTS) || availableParallelism()

const isQuick = process.argv.includes('--quick')
// The contract alone (no Node types), the web app, and the Node side as one program (tsconfig.node.json:
// server, gateway and deploy share most of their types, checked once).
const typecheck = [
  { name: 'contract', project: 'packages/contract' },
  { name: 'web', project: 'apps/web' },
  { name: 'node', project: 'tsconfig.node.json' },
].map(({ name, project }) => ({
  name: `typecheck:${name}`,
  // Incremental: a second run on a checkout re-checks only what changed (the info lives in node_modules).
  run: `npx tsc -p ${project} --incremental --tsBuildInfoFile node_modules/.cache/tsc/${name}.tsbuildinfo`,
}))

/** The inner loop: vitest's --changed takes the files changed since a commit plus uncommitted ones. */
function quickStages() {
  const isClean =
    execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trim() === ''
  const since = isClean ? 'HEAD~1' : 'HEAD'
  console.log(
    isClean
      ? 'Clean tree: the tests related to the last commit.'
      : 'The tests related to the uncommitted changes.',
  )
  const related = `npx vitest run --changed ${since} --passWithNoTests`
  return [
    { name: 'lint', run: 'npx biome check .' },
    ...typecheck,
    { name: 'contract', run: related, cwd: 'packages/contract' },
    { name: 'server', run: related, cwd: 'apps/server' },
    { name: 'gateway', run: related, cwd: 'apps/gateway' },
    { name: 'web:unit', run: `${related} --project unit`, cwd: 'apps/web', weight: 2 },
  ]
}

/** name, command (run by sh in cwd), weight in cores, stages it needs. */
const allStages = [
  // The API suites, the longest one-core stages, first: whole on PostgreSQL, on PGlite what can
  // differ between the engines (test/run.ts). The short checks fill the cores beside them.
  { name: 'server:postgres', run: 'npx tsx test/run.ts postgres', cwd: 'apps/server' },
  { name: 'server:pglite', run: 'npx tsx test/run.ts pglite', cwd: 'apps/server' },
  { name: 'lint', run: 'npx biome check .' },
  // The import rules, then what imports alone do not show: cycles between server modules (schema and
  // type imports count), raw SQL naming another module's tables, and source files over 300 lines.
  {
    name: 'deps',
    run: 'npx depcruise apps packages --config .dependency-cruiser.cjs && node scripts/check-module-cycles.mjs && node scripts/check-sql-owners.mjs && node scripts/check-file-sizes.mjs',
  },
  { name: 'cpd', run: 'npx jscpd' },
  ...typecheck,
  { name: 'contract', run: 'npx vitest run', cwd: 'packages/contract' },
  { name: 'build:web', run: 'npx vite build', cwd: 'apps/web' },
  { name: 'build:server+gateway', run: 'node scripts/build.mjs --if-stale server gateway' },
  // The previous release's tree for the rolling upgrade (its npm ci when its lock differs), kept for
  // the cluster stage and for `npm run test:previous-release` after `npm test`.
  { name: 'previous-tree', run: 'npx tsx deploy/previous-tree.ts' },
  // Killed processes and timed recovery: alone on the machine, so a slow neighbour is not a failure.
  { name: 'chaos', run: 'npx tsx test/run.ts chaos', cwd: 'apps/server', weight: slots },
  { name: 'gateway', run: 'npx vitest run', cwd: 'apps/gateway', weight: 2 }, // 3 workers, mostly waiting
  { name: 'web:unit', run: 'npx vitest run --project unit', cwd: 'apps/web', weight: 2 },
  { name: 'web:size', run: 'npx tsx build/size-check.ts', cwd: 'apps/web', needs: ['build:web'] },
  { name: 'web:e2e', run: 'npx vitest run --project e2e', cwd: 'apps/web', weight: 2, needs: ['build:web'] },
  {
    name: 'cluster',
    run: 'npx vitest run --config deploy/vitest.config.ts',
    weight: slots,
    needs: ['build:server+gateway', 'previous-tree'],
  },
]
const stages = (isQuick ? quickStages() : allStages).map((stage) => ({
  needs: [],
  cwd: '.',
  ...stage,
  weight: Math.min(stage.weight ?? 1, slots),
}))

const asked = process.argv.slice(2).filter((arg) => arg !== '--quick')
for (const name of asked)
  if (!stages.some((stage) => stage.name === name)) {
    console.error(`Unknown stage "${name}": use ${stages.map((stage) => stage.name).join(', ')}`)
    process.exit(2)
  }
const wanted = new Set(asked.length > 0 ? asked : stages.map((stage) => stage.name))
for (const stage of [...stages].reverse())
  if (wanted.has(stage.name)) for (const need of stage.needs) wanted.add(need)
const queue = stages.filter((stage) => wanted.has(stage.name))

const logDir = mkdtempSync(join(tmpdir(), 'proxy-test-'))
const started = Date.now()

/** The machine's busy and total CPU time so far (Linux), to say how well the stages filled the cores. */
function cpuTimes() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number)
    const idle = fields[3] + fields[4]
    const total = fields.reduce((sum, value) => sum + value, 0)
    return { busy: total - idle, total }
  } catch {
    return null
  }
}
const cpuAtStart = cpuTimes()
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`
/** name → { code, ms, log } once finished */
const finished = new Map()
const running = new Map()
let failed = false

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes in the logs
const plain = (text) => text.replace(/\x1b\[[0-9;]*m/g, '')
/** vitest's summary lines of a stage's log ("Test Files …", "Tests …"). */
const testCounts = (log) =>
  plain(readFileSync(log, 'utf8'))
    .split('\n')
    .filter((line) => /^\s*(Test Files|Tests)\s{2}/.test(line))
    .map((line) => line.trim().replace(/\s+/g, ' '))

function start(stage) {
  const log = join(logDir, `${stage.name.replaceAll(/[^\w.-]/g, '_')}.log`)
  const out = createWriteStream(log)
  const child = spawn('sh', ['-c', stage.run], {
    cwd: join(root, stage.cwd),
    env: { ...process.env, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  child.stdout.pipe(out)
  child.stderr.pipe(out)
  const began = Date.now()
  running.set(stage.name, { stage, child })
  console.log(`▶ ${stage.name}  (${seconds(began - started)} in)`)
  child.on('close', (code, signal) => {
    out.end(() => {
      running.delete(stage.name)
      finished.set(stage.name, { code: code ?? signal, ms: Date.now() - began, log })
      const mark = code === 0 ? '✓' : signal ? '■ stopped:' : '✗'
      console.log(`${mark} ${stage.name}  ${seconds(Date.now() - began)}  ${testCounts(log).join(' · ')}`)
      if (code !== 0 && !failed) {
        failed = true
        console.log(`\n── ${stage.name} failed (${stage.run}) ──\n${readFileSync(log, 'utf8')}\n`)
        // Fail fast: what still runs is stopped (whole process groups: vitest forks workers).
        for (const { child: other } of running.values()) {
          try {
            process.kill(-other.pid, 'SIGTERM')
          } catch {}
        }
      }
      schedule()
    })
  })
}

function schedule() {
  if (!failed) {
    let busy = [...running.values()].reduce((sum, { stage }) => sum + stage.weight, 0)
    for (const stage of queue) {
      if (finished.has(stage.name) || running.has(stage.name)) continue
      if (!stage.needs.every((need) => finished.get(need)?.code === 0)) continue
      if (busy + stage.weight > slots) break
      busy += stage.weight
      start(stage)
    }
  }
  if (running.size === 0) report()
}

function report() {
  console.log(`\nStage times (${slots} slots; logs in ${logDir}):`)
  for (const stage of queue) {
    const result = finished.get(stage.name)
    const time = result ? seconds(result.ms).padStart(6) : '     –'
    const counts = result ? testCounts(result.log).join(' · ') : 'not run'
    console.log(`  ${stage.name.padEnd(22)} ${time}  ${counts}`)
  }
  const cpuAtEnd = cpuTimes()
  const busy =
    cpuAtStart && cpuAtEnd
      ? `  (cores busy ${Math.round((100 * (cpuAtEnd.busy - cpuAtStart.busy)) / (cpuAtEnd.total - cpuAtStart.total))} %)`
      : ''
  console.log(`  ${'total (wall)'.padEnd(22)} ${seconds(Date.now() - started).padStart(6)}${busy}`)
  process.exit(failed || finished.size < queue.length ? 1 : 0)
}

for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const { child } of running.values()) {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {}
    }
    process.exit(130)
  })

schedule()
