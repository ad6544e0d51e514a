// Vite build of the SPA: React plugin, /api proxy for `npm run dev`, precompressed assets for the server.
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './build/precompress.ts'

export default defineConfig({
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 900 },
  server: { proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } } },
  preview: { proxy: { '/api': { target: 'http://127.0.0.1:3000' } } },
})
