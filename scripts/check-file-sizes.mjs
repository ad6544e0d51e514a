// No source file over 300 lines (`npm test`, stage deps): a longer one holds more than one concern and is split
// by concern, as ARCHITECTURE.md's layout does. Tests, test drivers and data (JSON, CSS) are not counted.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const MAX_LINES = 300
const root = join(import.meta.dirname, '..')
const sourceDirs = ['apps', 'packages'].flatMap((top) =>
  readdirSync(join(root, top), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(root, top, entry.name, 'src')),
)

const isCode = (name) => /\.(ts|tsx|js|mjs)$/.test(name) && !/\.(test|e2e)\.|\.d\.ts$/.test(name)
const tooLong = sourceDirs
  .flatMap((dir) => {
    try {
      return readdirSync(dir, { withFileTypes: true, recursive: true })
    } catch {
      return []
    }
  })
  .filter((entry) => entry.isFile() && isCode(entry.name) && !entry.parentPath.split('/').includes('test'))
  .map((entry) => join(entry.parentPath, entry.name))
  .map((file) => ({ file: relative(root, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
  .filter(({ lines }) => lines > MAX_LINES)

for (const { file, lines } of tooLong) console.error(`${file}: ${lines} lines (at most ${MAX_LINES})`)
if (tooLong.length > 0) process.exit(1)
console.log(`File sizes: no source file over ${MAX_LINES} lines.`)
