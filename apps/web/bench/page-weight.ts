// Cross-checks build/size-check.ts against a real page load: the built client under `vite preview` on loopback, in
// Debian's Chromium, summing the gzip size of every JS and CSS response until the network is idle. The console is
// opened with a made-up token cookie (its API calls fail without a server; the code it loads is the same).
// Run: `npx tsx bench/page-weight.ts` in apps/web after `vite build`.
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { preview } from 'vite'

const WEB_ROOT = new URL('..', import.meta.url).pathname
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
]

const server = await preview({ root: WEB_ROOT, logLevel: 'silent', preview: { host: '127.0.0.1', port: 0 } })
const base = (server.resolvedUrls?.local[0] ?? '').replace('localhost', '127.0.0.1').replace(/\/$/, '')
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS })
try {
  for (const [name, path, token] of [
    ['portal', '/portal/home', false],
    ['console overview', '/console/overview', true],
  ] as const) {
    const context = await browser.newContext({
      storageState: {
        cookies: token
          ? ['token', 'firstVisit'].map((cookie) => ({
              name: cookie,
              value: 'x',
              domain: '127.0.0.1',
              path: '/',
              expires: -1,
              httpOnly: false,
              secure: false,
              sameSite: 'Strict' as const,
            }))
          : [],
        origins: [],
      },
    })
    const page = await context.newPage()
    const sizes: Promise<{ url: string; gzip: number }>[] = []
    page.on('response', (response) => {
      if (/\.(js|css)(\?|$)/.test(response.url()))
        sizes.push(
          response
            .body()
            .then((body) => ({ url: response.url(), gzip: gzipSync(body, { level: 9 }).length })),
        )
    })
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' })
    const files = await Promise.all(sizes)
    const total = files.reduce((sum, file) => sum + file.gzip, 0)
    console.log(
      `page-weight: ${name} (${path}): ${(total / 1000).toFixed(1)} kB gzip of JS and CSS in ${files.length} responses`,
    )
    await context.close()
  }
} finally {
  await browser.close()
  await server.close()
}
