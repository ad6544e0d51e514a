// The previous release's source tree, ready to run: which release it is (git), its files (git
// archive) and its dependencies. Shared by deploy/previous-release.ts (its server on a database the
// current code migrated) and deploy/rolling-upgrade.test.ts (its replicas replaced by this build).
// The tree is kept in node_modules/.cache/previous-release/<commit>, so both (and later runs on this
// checkout) extract and install it once; `npm ci` here starts from an empty cache.
// `npx tsx deploy/previous-tree.ts` only prepares it: `npm test` does so beside the other stages,
// before the cluster stage needs it.
import { spawnSync } from 'node:child_process'
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
} from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '..')
export const MIGRATIONS = 'apps/server/drizzle'
const CACHE = join(ROOT, 'node_modules/.cache/previous-release')
/** A tree nobody touched for this long is another release's, left behind: removed. */
const STALE_MS = 3_600_000

/** How a tree runs its entry points: from TypeScript under tsx (a release's tree is not built). */
export const TREE_SERVER_ARGS = ['--import', 'tsx', 'apps/server/src/server.ts'] as const
export const TREE_CLI_ARGS = ['--import', 'tsx', 'apps/server/src/cli.ts'] as const

/** A failure of the stage: printed as it is, without a stack. */
export class StageFailure extends Error {}

export function run(command: string, args: string[], options: { cwd?: string; input?: Buffer } = {}) {
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? ROOT,
    input: options.input,
    maxBuffer: 1 << 30,
  })
  if (result.status !== 0)
    throw new StageFailure(
      `${command} ${args.join(' ')} failed (${result.status ?? result.signal}): ${result.stderr?.toString().trim()}`,
    )
  return result.stdout
}
export const git = (...args: string[]) => run('git', args).toString().trim()
const gitMaybe = (...args: string[]) => {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' })
  return result.status === 0 ? result.stdout.trim() : undefined
}

export type Release = { sha: string; why: string }

/** The release to run and why it was chosen: `override`, else the parent of the newest migration's commit. */
export function findRelease(override: string | undefined): Release {
  if (override) {
    const sha = gitMaybe('rev-parse', '--verify', '--quiet', `${override}^{commit}`)
    if (!sha) throw new StageFailure(`PREVIOUS_RELEASE=${override} is not a commit of this repository`)
    return { sha, why: `PREVIOUS_RELEASE=${override}` }
  }
  const shallow = git('rev-parse', '--is-shallow-repository') === 'true'
  const added = git('log', '-1', '--diff-filter=A', '--format=%H', 'HEAD', '--', `${MIGRATIONS}/*.sql`)
  const parent = added && gitMaybe('rev-parse', '--verify', '--quiet', `${added}^1^{commit}`)
  if (!added || !parent)
    throw new StageFailure(
      shallow
        ? 'this is a shallow clone: the commit that added the newest migration, or its parent, is not in the history. Fetch the whole history (git fetch --unshallow, or fetch-depth: 0) and run again.'
        : `no commit before the one that added the newest migration (${added || 'none found'}): nothing to compare with`,
    )
  const files = git(
    'diff-tree',
    '--no-commit-id',
    '--name-only',
    '--diff-filter=A',
    '-r',
    added,
    '--',
    MIGRATIONS,
  )
  const migrations = files
    .split('\n')
    .filter((file) => file.endsWith('.sql'))
    .map((file) => file.slice(MIGRATIONS.length + 1))
  return { sha: parent, why: `parent of ${added.slice(0, 7)}, which added ${migrations.join(', ')}` }
}

/**
 * A node_modules for the extracted tree made of links to the current one. Entries that are links to
 * a workspace of this repository (`@proxy/contract` → packages/contract) point at the same workspace
 * of the extracted tree instead (relative links: the tree is moved into place once ready), so the
 * previous release runs its own contract, not today's.
 */
function linkNodeModules(from: string, to: string, tree: string) {
  mkdirSync(to, { recursive: true })
  for (const entry of readdirSync(from)) {
    // The cache this tree lives in is not one of its packages.
    if (entry === '.cache') continue
    const source = join(from, entry)
    const target = join(to, entry)
    const stat = lstatSync(source)
    if (entry.startsWith('@') && stat.isDirectory()) {
      linkNodeModules(source, target, tree)
      continue
    }
    const real = stat.isSymbolicLink() ? realpathSync(source) : source
    const isWorkspace =
      real.startsWith(ROOT + sep) && !relative(ROOT, real).split(sep).includes('node_modules')
    symlinkSync(isWorkspace ? relative(dirname(target), join(tree, relative(ROOT, real))) : source, target)
  }
}

function installDependencies(tree: string, log: (line: string) => void) {
  const lock = (dir: string) => readFileSync(join(dir, 'package-lock.json'))
  if (!lock(ROOT).equals(lock(tree))) {
    const since = performance.now()
    log('its package-lock.json differs from the current one: running npm ci --no-audit --no-fund there')
    run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: tree })
    log(`npm ci done in ${((performance.now() - since) / 1000).toFixed(1)} s`)
    return
  }
  if (!existsSync(join(ROOT, 'node_modules')))
    throw new StageFailure('no node_modules here: run npm ci first')
  linkNodeModules(join(ROOT, 'node_modules'), join(tree, 'node_modules'), tree)
  const workspaces = (JSON.parse(readFileSync(join(tree, 'package.json'), 'utf8')).workspaces ??
    []) as string[]
  for (const workspace of workspaces)
    if (existsSync(join(ROOT, workspace, 'node_modules')) && existsSync(join(tree, workspace)))
      linkNodeModules(join(ROOT, workspace, 'node_modules'), join(tree, workspace, 'node_modules'), tree)
  const contract = join(tree, 'node_modules/@proxy/contract')
  if (existsSync(contract) && realpathSync(contract) !== join(tree, 'packages/contract'))
    throw new StageFailure(`${contract} does not lead to the previous release's own contract`)
  log('same package-lock.json as the current tree: its node_modules link to the current ones')
}

/** Whether a process still runs (a pid file's owner, a replica). */
export const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Trees being prepared by runs that died, and other releases' trees nobody used for a while. */
function removeStaleTrees(keep: string) {
  for (const entry of existsSync(CACHE) ? readdirSync(CACHE) : []) {
    const path = join(CACHE, entry)
    const preparer = Number(/\.partial-(\d+)-/.exec(entry)?.[1])
    const isStale = preparer
      ? !isRunning(preparer)
      : entry !== keep && Date.now() - statSync(path).mtimeMs > STALE_MS
    if (isStale) rmSync(path, { recursive: true, force: true })
  }
}

/**
 * The release's tree with its dependencies installed, from the cache or made now (extracted and
 * installed beside it, then renamed into place: a run that dies half-way leaves no tree that looks
 * ready, and two runs at once both end up with a whole one).
 */
export function previousTree(release: Release, log: (line: string) => void): string {
  const tree = join(CACHE, release.sha)
  removeStaleTrees(release.sha)
  if (existsSync(tree)) {
    const now = new Date()
    utimesSync(tree, now, now)
    log(`its tree, already extracted and installed: ${tree}`)
    return tree
  }
  mkdirSync(CACHE, { recursive: true })
  const partial = mkdtempSync(join(CACHE, `${release.sha}.partial-${process.pid}-`))
  try {
    run('tar', ['-x', '-C', partial], { input: run('git', ['archive', '--format=tar', release.sha]) })
    log(`extracted into ${partial}`)
    installDependencies(partial, log)
    try {
      renameSync(partial, tree)
    } catch (error) {
      if (!existsSync(tree)) throw error
      log('another run made the same tree meanwhile: using it')
    }
  } finally {
    rmSync(partial, { recursive: true, force: true })
  }
  return tree
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const release = findRelease(process.env.PREVIOUS_RELEASE)
  console.log(`previous release ${release.sha.slice(0, 10)} (${release.why})`)
  console.log(previousTree(release, (line) => console.log(line)))
}
