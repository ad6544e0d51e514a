// The unit files share their worker (isolate: false in vitest.config.ts): jsdom and node_modules (antd, React,
// echarts — most of a file's import time) load once per worker. This first setup file gives each test file what a
// worker of its own gave it: the app's own modules evaluated afresh (so its vi.mock calls take effect and no module
// state carries over), no module mock of an earlier file, real timers, no stubbed global, the worker's first
// process.env (TZ above all), empty storage, no cookie,
// the start URL, no antd toast or dialog left open, and Testing Library's default configuration.
import { cleanup, configure, getConfig } from '@testing-library/react'
import Cookies from 'js-cookie'
import { vi } from 'vitest'

type ModuleNode = { promise?: unknown; exports?: unknown; evaluated: boolean; importers: Set<string> }
type Internals = {
  __vitest_worker__?: { evaluatedModules?: { idToModuleMap?: Map<string, ModuleNode> } }
  __vitest_mocker__?: { reset?: () => void }
  __freshFileDefaults__?: { rtl: ReturnType<typeof getConfig>; url: string; env: NodeJS.ProcessEnv }
}

const internals = globalThis as Internals
const modules = internals.__vitest_worker__?.evaluatedModules?.idToModuleMap
const mocker = internals.__vitest_mocker__
if (modules === undefined || typeof mocker?.reset !== 'function')
  throw new Error(
    'src/test/fresh-file.ts no longer finds vitest’s module registry or mocker (a vitest upgrade?): ' +
      'adapt it, or run the unit project with isolate: true',
  )

// What the worker's first file started with.
internals.__freshFileDefaults__ ??= {
  rtl: { ...getConfig() },
  url: window.location.href,
  env: { ...process.env },
}
const defaults = internals.__freshFileDefaults__

/** Exports of an already evaluated module whose id ends with `suffix` (nothing is imported for this). */
const loaded = (suffix: string): Record<string, unknown> | undefined => {
  for (const [id, node] of modules)
    if (node.evaluated && id.endsWith(suffix)) return node.exports as Record<string, unknown> | undefined
  return undefined
}

type Closer = { destroy?: () => void; destroyAll?: () => void }
const close = (api: unknown) => {
  const closer = api as Closer | undefined
  closer?.destroy?.()
  closer?.destroyAll?.()
}

// An earlier file's leftovers first, while its modules still answer.
cleanup()
vi.useRealTimers()
vi.unstubAllGlobals()
vi.unstubAllEnvs()
for (const name of Object.keys(process.env)) if (!(name in defaults.env)) delete process.env[name]
Object.assign(process.env, defaults.env)
// antd's static toasts and confirm dialogs (its ES build, which shared/feedback loads on demand, and the CommonJS
// one that `import … from 'antd'` gives under Node).
for (const name of ['message', 'notification', 'modal'])
  close(loaded(`/node_modules/antd/es/${name}/index.js`)?.default)
const antd = loaded('/node_modules/antd/lib/index.js')
for (const name of ['message', 'notification', 'Modal']) close(antd?.[name])

configure(defaults.rtl)
window.localStorage.clear()
window.sessionStorage.clear()
for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' })
if (window.location.href !== defaults.url) window.history.replaceState(null, '', defaults.url)
document.title = ''
for (const attribute of [...document.documentElement.attributes])
  document.documentElement.removeAttribute(attribute.name)

// The app's modules (not node_modules, not vitest, not this file) run again when the test file imports them, after
// its own vi.mock calls; the mocks registered by the file before are forgotten.
const self = new URL(import.meta.url).pathname
mocker.reset()
for (const [id, node] of modules) {
  if (id === self || /\/node_modules\/|\/vitest\/dist\//.test(id)) continue
  node.promise = undefined
  node.exports = undefined
  node.evaluated = false
  node.importers.clear()
}
