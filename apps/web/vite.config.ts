// Vite build of the two SPAs: the customer console (index.html) and the operator console (admin.html,
// served at /admin), each its own entry and chunks; /api proxy for `npm run dev`, precompressed assets.
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { precompress } from './build/precompress.ts'

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

export default defineConfig({
  plugins: [react(), precompress(), adminPages()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: { input: { index: entry('./index.html'), admin: entry('./admin.html') } },
  },
  server: { proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } } },
  preview: { proxy: { '/api': { target: 'http://127.0.0.1:3000' } } },
})
