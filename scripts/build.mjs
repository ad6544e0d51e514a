// `npm run build`: the web client (Vite), and the server and the gateway compiled to JavaScript
// (esbuild), so production runs plain `node apps/server/dist/server.js` with no tsx or vite.
//
//   node scripts/build.mjs [web|server|gateway ...]            build these (default: all three)
//   node scripts/build.mjs --if-stale [web|server|gateway ...]  `npm start`: in development build
//     only what is missing or older than its sources; in production (NODE_ENV=production) build
//     nothing and fail when an output is missing.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const contractSrc = join(root, 'packages/contract/src')

/** What each target is built from, and the file whose age says when it was last built. */
const targets = {
  web: {
    output: 'apps/web/dist/index.html',
    inputs: [
      'apps/web/src',
      'apps/web/build',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/admin.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'packages/contract/src',
      'package-lock.json',
    ],
    build: buildWeb,
  },
  server: {
    output: 'apps/server/dist/server.js',
    inputs: ['apps/server/src', 'packages/contract/src', 'apps/server/package.json', 'scripts/build.mjs'],
    build: () =>
      compile('apps/server', { server: 'apps/server/src/server.ts', cli: 'apps/server/src/cli.ts' }),
  },
  gateway: {
    output: 'apps/gateway/dist/main.js',
    inputs: ['apps/gateway/src', 'packages/contract/src', 'apps/gateway/package.json', 'scripts/build.mjs'],
    build: () => compile('apps/gateway', { main: 'apps/gateway/src/main.ts' }),
  },
}

// NODE_ENV may come from the .env file the server reads too (the real environment wins over it).
const envFile = join(root, '.env')
if (existsSync(envFile)) process.loadEnvFile(envFile)

const usage = `Usage: node scripts/build.mjs [--if-stale] [${Object.keys(targets).join('|')} ...]
  (no target)   build all of them
  --if-stale    only what is missing or older than its sources; with NODE_ENV=production
                build nothing and fail when an output is missing
  --help        this text`

const args = process.argv.slice(2)
if (args.includes('--help') || args.includes('-h')) {
  console.log(usage)
  process.exit(0)
}
// An unknown flag is a typo, not a request to rebuild everything.
const unknown = args.filter((arg) => arg.startsWith('-') && arg !== '--if-stale')
if (unknown.length > 0) {
  console.error(`Unknown option ${unknown.join(', ')}\n${usage}`)
  process.exit(2)
}
const ifStale = args.includes('--if-stale')
const named = args.filter((arg) => !arg.startsWith('-'))
for (const name of named)
  if (!(name in targets)) {
    console.error(`Unknown build target "${name}": use ${Object.keys(targets).join(', ')}`)
    process.exit(2)
  }
const chosen = named.length > 0 ? named : Object.keys(targets)

if (ifStale && process.env.NODE_ENV === 'production') {
  // Production never builds on start: a missing output is the operator's mistake, said plainly.
  const missing = chosen.filter((name) => !existsSync(join(root, targets[name].output)))
  if (missing.length > 0) {
    console.error(
      `Not built: ${missing.map((name) => targets[name].output).join(', ')}.\n` +
        'NODE_ENV=production starts only what is built: run `npm run build` first.',
    )
    process.exit(1)
  }
  const stale = chosen.filter((name) => isStale(targets[name]))
  if (stale.length > 0)
    console.warn(
      `Warning: sources changed since the last build of ${stale.join(', ')}: run \`npm run build\`.`,
    )
  process.exit(0)
}

for (const name of chosen) {
  const target = targets[name]
  if (ifStale && !isStale(target)) continue
  const started = performance.now()
  await target.build()
  console.log(`built ${name} in ${Math.round(performance.now() - started)} ms`)
}

/** Newer sources than the output (or no output yet). */
function isStale(target) {
  const output = join(root, target.output)
  if (!existsSync(output)) return true
  const builtAt = statSync(output).mtimeMs
  return target.inputs.some((input) => newestMtime(join(root, input)) > builtAt)
}

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || /\.test\.tsx?$/.test(entry.name)) continue
    newest = Math.max(newest, newestMtime(join(path, entry.name)))
  }
  return newest
}

function buildWeb() {
  const result = spawnSync('npm', ['run', 'build', '-w', '@proxy/web'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

/**
 * One ESM bundle per entry: our code and the contract inlined, every npm package left external
 * (node_modules is there at run time), a source map beside each file.
 */
async function compile(app, entries) {
  const { build } = await import('esbuild')
  const outdir = join(root, app, 'dist')
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, path]) => [name, join(root, path)])),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [inlineContract(), sourceRelativePaths(outdir)],
  })
}

/** `@proxy/contract/x` is our TypeScript, not a built package: resolve it to its source to inline it. */
function inlineContract() {
  return {
    name: 'inline-contract',
    setup(build) {
      build.onResolve({ filter: /^@proxy\/contract\// }, (args) => ({
        path: join(contractSrc, `${args.path.slice('@proxy/contract/'.length)}.ts`),
      }))
    },
  }
}

/**
 * Files resolve paths from their own place in src/ (`resolve(import.meta.dirname, '../../drizzle')`);
 * bundled into dist/, that place moves. Rewrite each file's import.meta.dirname and import.meta.url
 * to the directory and file it came from, so those paths still land where they did under tsx.
 */
function sourceRelativePaths(outdir) {
  return {
    name: 'source-relative-paths',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8')
        if (!source.includes('import.meta.')) return undefined
        const fromOut = (path) => JSON.stringify(relative(outdir, path).split('\\').join('/'))
        const contents = source
          .replaceAll('import.meta.dirname', `(import.meta.dirname + '/' + ${fromOut(dirname(args.path))})`)
          .replaceAll('import.meta.url', `new URL(${fromOut(args.path)}, import.meta.url).href`)
        return { contents, loader: 'ts' }
      })
    },
  }
}
