import { expect, it } from 'vitest'
import { capturedLog } from './test-log.ts'

const TOKEN = `nt_${'A1b2_-'.repeat(7)}x`

it('writes one JSON line per event, with its level and fields', () => {
  const { log, lines } = capturedLog()
  log.info({ addresses: 3 }, 'Gateway serving 3 address(es)')
  log.debug('detail')
  expect(lines).toMatchObject([
    { level: 30, addresses: 3, msg: 'Gateway serving 3 address(es)' },
    { level: 20, msg: 'detail' },
  ])
})

it('never writes a node token, a secret-named field or a URL’s password', () => {
  const { log, lines } = capturedLog()
  log.warn({ token: 'abc', nodeToken: TOKEN, err: new Error(`refused ${TOKEN}`) }, `pull with ${TOKEN}`)
  log.info(
    { api: 'https://node:hunter2@console.example.com/' },
    'for https://node:hunter2@console.example.com/',
  )
  log.info({ options: { password: 'hunter2' } }, 'nested')
  const text = JSON.stringify(lines)
  for (const secret of [TOKEN, 'abc', 'hunter2']) expect(text).not.toContain(secret)
  expect(lines[0]).toMatchObject({
    token: '[redacted]',
    nodeToken: '[redacted]',
    msg: 'pull with [redacted]',
  })
  expect(lines[1]).toMatchObject({ api: 'https://node:[redacted]@console.example.com/' })
  expect(lines[2]).toMatchObject({ options: { password: '[redacted]' } })
})
