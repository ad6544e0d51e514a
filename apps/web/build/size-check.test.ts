// The budget check on a small build of its own: it follows static imports only, counts JS and CSS gzip, and fails
// (exit code 1, with the page, its size and its budget in the message) as soon as a page is over.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { checkBuild, gzipSize, type Manifest, type Page, pageFiles } from './size-check.ts'

const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index.js', imports: ['_react.js'], css: ['assets/index.css'], isEntry: true },
  _react: { file: 'assets/unused.js' },
  '_react.js': { file: 'assets/react.js', imports: ['index.html'] },
  'src/console.tsx': { file: 'assets/console.js', imports: ['_react.js', '_antd.js'] },
  '_antd.js': { file: 'assets/antd.js', css: ['assets/antd.css'] },
}

/** Random bytes do not compress: the gzip size is the file size plus a few bytes of header. */
const noise = (bytes: number) =>
  Buffer.from(Array.from({ length: bytes }, () => Math.floor(Math.random() * 256)))

let dist: string
beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'size-check-'))
  mkdirSync(join(dist, '.vite'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(MANIFEST))
  writeFileSync(join(dist, 'assets/index.js'), noise(2_000))
  writeFileSync(join(dist, 'assets/index.css'), noise(500))
  writeFileSync(join(dist, 'assets/react.js'), noise(3_000))
  writeFileSync(join(dist, 'assets/console.js'), noise(1_000))
  writeFileSync(join(dist, 'assets/antd.js'), noise(10_000))
  writeFileSync(join(dist, 'assets/antd.css'), noise(1_000))
  writeFileSync(join(dist, 'boot.js'), noise(100))
})
afterEach(() => rmSync(dist, { recursive: true, force: true }))

const portal = (budget: number): Page => ({
  name: 'portal',
  chunks: ['index.html'],
  extra: ['boot.js'],
  budget,
})
const console_ = (budget: number): Page => ({
  name: 'console',
  chunks: ['index.html', 'src/console.tsx'],
  extra: [],
  budget,
})

const run = (pages: Page[]) => {
  const lines: string[] = []
  const code = checkBuild(dist, pages, (line) => lines.push(line))
  return { code, lines }
}

describe('size check', () => {
  it('follows static imports (through cycles), with their CSS, and not the lazy chunks', () => {
    expect(pageFiles(MANIFEST, ['index.html'])).toEqual([
      'assets/index.js',
      'assets/index.css',
      'assets/react.js',
    ])
    expect(pageFiles(MANIFEST, ['index.html', 'src/console.tsx'])).toHaveLength(6)
  })

  it('passes and prints the figures when every page is within its budget', () => {
    const { code, lines } = run([portal(7_000), console_(20_000)])
    expect(code).toBe(0)
    expect(lines[0]).toMatch(
      /^size-check: portal: 5\.\d kB gzip \(JS 5\.\d kB, CSS 0\.5 kB, 4 files\), budget 7\.0 kB — ok$/,
    )
    expect(lines[1]).toMatch(/^size-check: console: 17\.\d kB gzip .* — ok$/)
  })

  it('fails with the page, its size and its budget when a page is over', () => {
    const { code, lines } = run([portal(7_000), console_(16_000)])
    expect(code).toBe(1)
    expect(lines.at(-1)).toMatch(
      /^size-check FAILED: console loads 17\.\d kB gzip of JS and CSS before it is interactive, over its 16\.0 kB budget by 1\.\d kB/,
    )
    expect(lines.filter((line) => line.includes('FAILED'))).toHaveLength(1)
  })

  it('prints a goal not yet reached without failing on it', () => {
    const { code, lines } = run([{ ...portal(7_000), goal: 5_000 }])
    expect(code).toBe(0)
    expect(lines[0]).toMatch(/ — ok; goal 5\.0 kB not reached \(0\.\d kB to go\)$/)
  })

  it('fails when the build has no manifest or a page lost its chunk', () => {
    rmSync(join(dist, '.vite/manifest.json'))
    expect(run([portal(7_000)]).code).toBe(1)
    writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify({}))
    expect(() => run([portal(7_000)])).toThrow(/no chunk index\.html/)
  })

  it('measures gzip as the server sends it', () => {
    expect(gzipSize('a'.repeat(10_000))).toBeLessThan(100)
    expect(gzipSize(noise(1_000))).toBeGreaterThan(1_000)
  })
})
