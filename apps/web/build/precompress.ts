// Writes .gz and .br siblings for every text asset so the server can send them without compressing per request.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin, ResolvedConfig } from 'vite'

const COMPRESSIBLE = /\.(js|css|svg|html)$/

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  )

export const precompress = (): Plugin => {
  let outDir = 'dist'
  return {
    name: 'proxy:precompress',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      for (const file of walk(outDir).filter((name) => COMPRESSIBLE.test(name))) {
        const source = readFileSync(file)
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }))
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
      }
    },
  }
}
