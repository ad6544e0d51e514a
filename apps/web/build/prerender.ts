// Writes the portal's prerendered markup (src/portal/prerender.tsx) into index.html's #root and loads
// public/portal-boot.js before the first paint, so /portal/home paints before any module script has run.
import { fileURLToPath } from 'node:url'
import { type Plugin, runnerImport } from 'vite'

const RENDERER = fileURLToPath(new URL('../src/portal/prerender.tsx', import.meta.url))
const ROOT = '<div id="root"></div>'
const ISLAND = 'src/portal/island.tsx'

type Output = { type: string; fileName: string; facadeModuleId?: string | null; imports?: readonly string[] }

/** The island's chunk and every chunk it imports statically, as URLs for portal-boot.js to preload. */
const islandChunks = (bundle: Record<string, Output> | undefined, base: string): string[] => {
  const chunks = Object.values(bundle ?? {}).filter((output) => output.type === 'chunk')
  const island = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(ISLAND))
  if (island === undefined) throw new Error(`prerender: the build has no chunk for ${ISLAND}`)
  const files = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) visit(imported)
  }
  visit(island.fileName)
  return [...files].map((file) => `${base}${file}`)
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/([^"]+)">/

/** The entry's CSS (the portal's, a few kB) written into the page: no request stands between the HTML and its paint. */
const inlineCss = (
  html: string,
  bundle: Record<string, Output & { source?: string | Uint8Array }> | undefined,
) =>
  html.replace(STYLESHEET, (tag, file: string) => {
    const source = bundle?.[file]?.source
    return source === undefined
      ? tag
      : `<style>${typeof source === 'string' ? source : Buffer.from(source).toString()}</style>`
  })

export const prerenderPortal = (): Plugin => ({
  name: 'proxy:prerender-portal',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    async handler(html, context) {
      const base = '/'
      if (!context.filename.endsWith('index.html') || !html.includes(ROOT)) return html
      const { module } = await runnerImport<{ renderPortal: () => string }>(RENDERER, {
        configFile: false,
        logLevel: 'error',
      })
      // The entry and its preloads move into portal-boot.js, which starts them at once on a console address and
      // right after the first paint on the portal (the prerendered page needs no script to be seen).
      const entry = ENTRY_SCRIPT.exec(html)?.[1]
      if (entry === undefined) throw new Error('prerender: index.html has no module entry script')
      const preloads = [...html.matchAll(PRELOAD)].map((match) => match[1])
      const boot =
        `<script src="/portal-boot.js" data-entry="${entry}" data-preload="${preloads.join(' ')}" ` +
        `data-island="${islandChunks(context.bundle, base).join(' ')}"></script>`
      return inlineCss(html.replace(ENTRY_SCRIPT, '').replace(PRELOAD, ''), context.bundle)
        .replace(ROOT, `<div id="root">${module.renderPortal()}</div>`)
        .replace('<head>', `<head>\n    ${boot}`)
    },
  },
})
