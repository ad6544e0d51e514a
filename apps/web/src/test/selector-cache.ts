// jsdom's getComputedStyle matches the element against every CSS rule on the page through nwsapi, which keeps the
// last 1,000 compiled selectors. antd's CSS-in-JS puts about 2,000 rules on a page, so walking them in order misses
// that cache every time and compiles each selector again, for every element Testing Library's *ByRole looks at: most
// of a page test's time. This gives the document an nwsapi of the same version whose cache holds 8,192 selectors
// (nwsapi itself later raised its limit to 4,096 for this reason). Same engine, same answers, only no recompiling.
// A newer nwsapi without the 1,000 limit is left as it is.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { runInThisContext } from 'node:vm'

type Nwsapi = { configure(options: Record<string, boolean>): unknown }
type NwsapiFactory = (options: { document: Document; DOMException: typeof DOMException }) => Nwsapi
type DocumentImpl = { _nwsapi?: Nwsapi; _nwsapiDontThrow?: Nwsapi; _largeSelectorCache?: true }

const SMALL_CACHE = /\bCACHE_LIMIT = 1000,/

const loadNwsapi = (): NwsapiFactory | undefined => {
  const fromJsdom = createRequire(createRequire(import.meta.url).resolve('jsdom'))
  const path = fromJsdom.resolve('nwsapi')
  const source = readFileSync(path, 'utf8')
  if (!SMALL_CACHE.test(source)) return undefined
  const module = { exports: {} as unknown }
  const define = runInThisContext(
    `(function (exports, require, module, __filename, __dirname) {${source.replace(SMALL_CACHE, 'CACHE_LIMIT = 8192,')}\n})`,
    { filename: path },
  ) as (...args: unknown[]) => void
  define.call(module.exports, module.exports, fromJsdom, module, path, dirname(path))
  return module.exports as NwsapiFactory
}

/** Gives `window`'s document the larger selector cache (once; later calls do nothing). */
export const enlargeSelectorCache = (window: Window & typeof globalThis) => {
  const fromJsdom = createRequire(createRequire(import.meta.url).resolve('jsdom'))
  const { implForWrapper } = fromJsdom('./jsdom/living/generated/utils.js') as {
    implForWrapper: (wrapper: unknown) => DocumentImpl | null
  }
  const impl = implForWrapper(window.document)
  if (impl === null || impl._largeSelectorCache) return
  const nwsapi = loadNwsapi()
  if (nwsapi === undefined) return
  const create = () => nwsapi({ document: window.document, DOMException: window.DOMException })
  // The options jsdom's living/helpers/selectors.js gives each of its two engines.
  impl._nwsapi = create()
  impl._nwsapi.configure({ LOGERRORS: false, IDS_DUPES: true, MIXEDCASE: true })
  impl._nwsapiDontThrow = create()
  impl._nwsapiDontThrow.configure({ LOGERRORS: false, VERBOSITY: false, IDS_DUPES: true, MIXEDCASE: true })
  impl._largeSelectorCache = true
}
