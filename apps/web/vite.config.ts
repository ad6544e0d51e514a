// Vite build of the two SPAs: the customer console (index.html) and the operator console (admin.html,
// served at /admin), each its own entry and chunks; /api proxy for `npm run dev`, precompressed assets.
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { precompress } from './build/precompress.ts'
import { prerenderPortal } from './build/prerender.ts'

const entry = (file: string) => fileURLToPath(new URL(file, import.meta.url))

/** `npm run dev`: the console's pages (/admin, /admin/…) get admin.html, as the server sends them. */
const adminPages = (): Plugin => ({
  name: 'proxy:admin-pages',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (
        request.url !== undefined &&
        /^\/admin(?:[/?]|$)/.test(request.url) &&
        !/\.\w+(?:\?|$)/.test(request.url)
      )
        request.url = '/admin.html'
      next()
    })
  },
})

/**
 * antd's form context (which Tooltip, Drawer and Menu reach through ContextIsolator) imports only FormProvider from
 * @rc-component/form, whose index has side effects (`Form.Field = Field`, …) and so brings the whole form library and
 * its validator into every page. Point that one import at the module that defines FormProvider — the same module
 * the index re-exports, so forms elsewhere share it.
 */
const formProviderOnly = (): Plugin => ({
  name: 'proxy:form-provider-only',
  enforce: 'pre',
  async resolveId(source, importer) {
    if (source !== '@rc-component/form' || importer === undefined) return null
    if (!/[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) return null
    return this.resolve('@rc-component/form/es/FormContext', importer, { skipSelf: true })
  },
})

/** antd's Card imports Tabs for its `tabList`, which no console card uses: Card gets Tabs on first use instead. */
const cardTabsOnDemand = (): Plugin => ({
  name: 'proxy:card-tabs-on-demand',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source !== '../tabs' || importer === undefined) return null
    if (!/[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/.test(importer)) return null
    return entry('./src/shared/ui/lazy-card-tabs.tsx')
  },
})

export default defineConfig({
  plugins: [react(), prerenderPortal(), precompress(), adminPages(), formProviderOnly(), cardTabsOnDemand()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    // build/size-check.ts follows each page's static imports through the manifest.
    manifest: true,
    rollupOptions: { input: { index: entry('./index.html'), admin: entry('./admin.html') } },
  },
  server: { proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } } },
  preview: { proxy: { '/api': { target: 'http://127.0.0.1:3000' } } },
})
