// The hardening fuzz suite: every operation of /api/openapi.json is called anonymously, with hostile
// inputs as a customer, and with another customer's ids. No 5xx, 401 before anything else, an
// envelope every time, nobody sees another's objects, and the ledger holds. A fixed seed and fixed
// counts keep it deterministic and inside `npm test`; each group lists every failure it saw.
import { randomBytes, randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Baseline,
  baselineArb,
  type Case,
  caseOf,
  clip,
  describeCase,
  fitsString,
  type Operation,
  operationsOf,
  randomCaseArb,
  requestOf,
  type Schema,
  systematicCases,
  withSlot,
} from '../../test/fuzz-inputs.ts'
import { expectLedgerInvariants } from '../../test/invariants.ts'
import { fund, stockRegion } from '../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../test/test-server.ts'
import { addNode } from '../modules/nodes/nodes.service.ts'
import { addNotice } from '../modules/notices/notices.service.ts'
import { receiptSettings } from '../modules/receipts/receipts.schema.ts'
import { seedDemoCatalog } from '../modules/seed/demo-catalog.ts'

const SEED = 20_251_123
/**
 * fast-check cases per operation on top of the hand-written sweep: `npm test` draws 8 (3 without
 * credentials); `npm run test:fuzz` (FUZZ_PROFILE=long) draws 64 (24) from the same seed.
 */
const isLong = process.env.FUZZ_PROFILE === 'long'
const RANDOM_CASES = isLong ? 64 : 8
const ANONYMOUS_RANDOM_CASES = isLong ? 24 : 3
const BASELINE_ATTEMPTS = 6

type Customer = { email: string; password: string; token: string }
type Reply = {
  status: number
  headers: Headers
  contentType: string
  location: string
  text: string
  json: unknown
}

let server: TestServer
let ops: Operation[]
let allNames: string[]
let nodeToken: string
let fuzzer: Customer
let fuzzerPool: string[]
let owner: Customer
let intruder: Customer

// ---- talking to the server ------------------------------------------------------------------

async function send(op: Operation, c: Case, token?: string): Promise<Reply> {
  const { url, headers, body } = requestOf(op, c)
  if (token && !('authorization' in headers)) headers.authorization = `Bearer ${token}`
  try {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method: op.method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    })
    const text = await response.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return {
      status: response.status,
      headers: response.headers,
      contentType: response.headers.get('content-type') ?? '',
      location: response.headers.get('location') ?? '',
      text,
      json,
    }
  } catch (error) {
    const cause = (error as { cause?: Error }).cause
    return {
      status: 0,
      headers: new Headers(),
      contentType: '',
      location: '',
      text: String(cause?.message ?? error),
      json: null,
    }
  }
}

/** Answers that are not envelopes on purpose (DESIGN §5: exports; the EPay protocol; the docs). */
function isAllowedNonEnvelope(op: Operation, reply: Reply): boolean {
  const { status, contentType } = reply
  if (op.path === '/api/proxy/instances/export/{type}')
    return status === 200 && /^text\/(plain|yaml)/.test(contentType)
  if (op.path === '/api/dl/{secret}') return status === 200 && /^text\/plain/.test(contentType)
  if (
    ['/api/user/wallet/transactions/export', '/api/admin/orders/export', '/api/admin/topups/export'].includes(
      op.path,
    )
  )
    return status === 200 && /^text\/csv/.test(contentType)
  if (['/api/user/receipts/{id}/pdf', '/api/admin/receipts/{id}/pdf'].includes(op.path))
    return status === 200 && contentType === 'application/pdf'
  if (op.path === '/api/payments/epay/notify')
    return status === 200 && /^text\/plain/.test(contentType) && ['success', 'fail'].includes(reply.text)
  if (op.path === '/api/payments/epay/return')
    return status === 302 && reply.location.startsWith('/paySuccess')
  if (op.path === '/api/openapi.json' || op.path.startsWith('/api/docs')) return status === 200
  return false
}

function envelopeProblem(reply: Reply): string | null {
  const body = reply.json as { code?: unknown; message?: unknown } | undefined
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'not an envelope'
  if (!Number.isInteger(body.code) || typeof body.message !== 'string' || !('data' in body))
    return 'not an envelope'
  if (reply.status < 300 && body.code !== 0) return 'success status with a non-zero code'
  if (reply.status >= 400 && body.code === 0) return 'error status with code 0'
  return null
}

/** A number JSON cannot carry exactly (bytes past 2^53, an overflow to Infinity), if the answer holds one. */
function inexactNumber(value: unknown): number | undefined {
  if (typeof value === 'number')
    return !Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value))
      ? value
      : undefined
  if (value && typeof value === 'object')
    for (const item of Object.values(value)) {
      const found = inexactNumber(item)
      if (found !== undefined) return found
    }
  return undefined
}

/** What is wrong with an answer to any call (null when nothing is). */
function problemOf(op: Operation, reply: Reply): string | null {
  if (reply.status === 0) return 'no answer'
  if (reply.status >= 500) return '5xx'
  if (isAllowedNonEnvelope(op, reply)) return null
  const inexact = inexactNumber(reply.json)
  return envelopeProblem(reply) ?? (inexact === undefined ? null : `answers the inexact number ${inexact}`)
}

const failureLine = (op: Operation, who: string, c: Case, reply: Reply, problem: string) =>
  `${op.name} as ${who}: ${describeCase(op, c)} → ${reply.status} ${problem}: ${clip(reply.text, 100)}`

/** Where two texts first differ, with a little context. */
/**
 * An answer without what the owner's own reading moves: their session's `lastSeenAt` (refreshed at
 * most once a minute by their requests), which a walk longer than a minute sees change.
 */
const ownView = (text: string) => text.replace(/"lastSeenAt":"[^"]*"/g, '"lastSeenAt":"…"')

function change(before: string, after: string) {
  let at = 0
  while (at < before.length && before[at] === after[at]) at++
  const from = Math.max(at - 40, 0)
  return `…${clip(before.slice(from, at + 60), 100)} → …${clip(after.slice(from, at + 60), 100)}`
}

function expectNoFailures(group: string, failures: string[]) {
  if (failures.length > 0) expect.fail(`${group}: ${failures.length} failures\n${failures.join('\n')}`)
}

async function callJson<T>(method: string, path: string, token: string, body?: unknown) {
  const answer = await server.call<T>(method, path, {
    token,
    body,
    headers: method === 'POST' ? { 'idempotency-key': randomUUID() } : {},
  })
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200)
  return answer.body.data
}

/** Every string in a JSON value. */
function stringsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value)
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into)
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsIn(item, into)
  return into
}

/** Operations a customer reads without naming an object: their lists, wallet, overview, catalogue. */
const readOperations = () =>
  ops.filter((op) => op.method === 'GET' && op.pathParams.length === 0 && !op.isNode)

/** Every read operation with a schema-valid query, fixed once so that answers compare. */
function readCases(): [Operation, Case][] {
  return readOperations().flatMap((op) => {
    const [base] = fc.sample(baselineArb(op, []), { numRuns: 1, seed: SEED })
    return base ? [[op, caseOf({ ...base, query: requiredOnly(op, base) })] as [Operation, Case]] : []
  })
}

/** What a customer sees through every read operation. */
async function readEverything(token: string, cases = readCases()) {
  const answers = new Map<string, Reply>()
  for (const [op, c] of cases) answers.set(op.name, await send(op, c, token))
  return answers
}

/** The query of `base` cut down to its required parameters, so lists are not filtered away. */
const requiredOnly = (op: Operation, base: Baseline) =>
  Object.fromEntries(
    Object.entries(base.query).filter(([name]) => op.query.find((param) => param.name === name)?.isRequired),
  )

/**
 * A customer with money and one of everything: API token, download link, top-up, IPs, traffic, a sub-user, a notice. Best
 * effort: a step the server fails is reported by the groups below, not here.
 */
async function customerWithObjects(region: string, marker: string): Promise<Customer> {
  const customer = await server.newCustomer()
  await fund(server, customer.email, 500_00)
  const call = <T>(method: string, path: string, body?: unknown) =>
    server.call<T>(method, path, {
      token: customer.token,
      body,
      headers: method === 'POST' ? { 'idempotency-key': randomUUID() } : {},
    })
  await call('POST', '/api/user/api-tokens', { name: `${marker}-token` })
  await call('POST', '/api/user/download-links', { name: `${marker}-link` })
  await call('POST', '/api/user/wallet/topup', { amount: 10, channel: 'alipay' })
  for (const protocol of ['socks5', 'vmess'])
    await call('POST', '/api/orders/static-ip', { regionId: region, quantity: 1, durationDays: 30, protocol })
  await call('POST', '/api/orders/traffic', { planId: 'gb-10', quantity: 1 })
  await call('POST', '/api/user/sub-users', { username: `${marker}-sub`, note: `${marker}-note` })
  const instances = await call<{ items: { id: string }[] }>('GET', '/api/proxy/instances')
  const first = instances.body.data?.items?.[0]
  if (first) await call('PATCH', `/api/proxy/instances/${first.id}`, { remark: `${marker}-remark` })
  const me = await call<{ id: string }>('GET', '/api/user/me')
  await addNotice(server.db, {
    userId: me.body.data.id,
    kind: 'test',
    title: `${marker} notice`,
    body: marker,
  })
  return customer
}

beforeAll(async () => {
  server = await startTestServer({ LOGIN_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_ACCOUNT: '100000' })
  const doc = await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()
  ops = operationsOf(doc as Parameters<typeof operationsOf>[0])
  allNames = [
    ...new Set(
      ops.flatMap((op) => [
        ...op.pathParams.map((param) => param.name),
        ...op.query.map((param) => param.name),
        ...Object.keys(op.body?.properties ?? {}),
      ]),
    ),
  ]
  await seedDemoCatalog(server.db)
  // Receipts are issued (company details set), so their ids are among each customer's objects below.
  await server.db.insert(receiptSettings).values({ companyName: 'Fuzz Networks' })
  const region = await stockRegion(server, 60)
  nodeToken = (await addNode(server.db, 'fuzz-node', 'fuzz-node.example.com')).token
  fuzzer = await customerWithObjects(region, 'fuzzer')
  owner = await customerWithObjects(region, `owner-${randomBytes(4).toString('hex')}`)
  intruder = await server.newCustomer()
  await fund(server, intruder.email, 500_00)
  fuzzerPool = [...stringsIn([...(await readEverything(fuzzer.token)).values()].map((reply) => reply.json))]
}, 60_000)
afterAll(() => server?.close())

describe('API fuzz over /api/openapi.json', () => {
  it('finds the operations in the document', () => {
    expect(ops.length).toBeGreaterThan(20)
    expect(ops.filter((op) => op.isSecured).length).toBeGreaterThan(10)
  })

  const headerBytes = (headers: Record<string, string>) =>
    Object.entries(headers).reduce((bytes, [name, value]) => bytes + name.length + value.length + 4, 0)

  it(
    'answers 401 first to every call of a secured operation without valid credentials',
    async () => {
      const throwaway = await server.newCustomer()
      const loggedOut = await server.newCustomer()
      await server.call('POST', '/api/auth/logout', { token: loggedOut.token })
      const revoked = await callJson<{ id: string; token: string }>(
        'POST',
        '/api/user/api-tokens',
        throwaway.token,
        {
          name: 'revoked',
        },
      )
      await server.call('DELETE', `/api/user/api-tokens/${revoked.id}`, { token: throwaway.token })
      const apiToken = await callJson<{ token: string }>('POST', '/api/user/api-tokens', throwaway.token, {
        name: 'live',
      })
      const tokenShaped = randomBytes(32).toString('base64url')
      const wrong = (op: Operation): [string, Record<string, string>][] => [
        ['no credentials', {}],
        ['Bearer garbage', { authorization: 'Bearer garbage' }],
        ['empty Bearer', { authorization: 'Bearer ' }],
        ['Basic scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
        ['10k-char Bearer', { authorization: `Bearer ${'a'.repeat(10_000)}` }],
        ['token-shaped unknown Bearer', { authorization: `Bearer ${tokenShaped}` }],
        ['node-shaped unknown Bearer', { authorization: `Bearer nt_${tokenShaped.slice(0, 43)}` }],
        ['logged-out session', { authorization: `Bearer ${loggedOut.token}` }],
        ['revoked API token', { authorization: `Bearer ${revoked.token}` }],
        ['valid session as cookie only', { cookie: `token=${throwaway.token}` }],
        ...((op.isNode
          ? [
              ['customer session on a node route', { authorization: `Bearer ${throwaway.token}` }],
              ['customer API token on a node route', { authorization: `Bearer ${apiToken.token}` }],
            ]
          : [['node token on a customer route', { authorization: `Bearer ${nodeToken}` }]]) as [
          string,
          Record<string, string>,
        ][]),
      ]
      const failures: string[] = []
      const secured = ops.filter((op) => op.isSecured)
      for (const op of secured) {
        const [base] = fc.sample(baselineArb(op, fuzzerPool), { numRuns: 1, seed: SEED })
        if (!base) continue
        const credentials = wrong(op)
        const attempts: [string, Record<string, string>, Case][] = [
          ...credentials.map(
            ([label, headers]) => [label, headers, caseOf(base)] as [string, Record<string, string>, Case],
          ),
          // Every hostile input of the sweep, sent with no credentials at all.
          ...systematicCases(op, base).map(
            (c) => ['no credentials', {}, c] as [string, Record<string, string>, Case],
          ),
          ...fc
            .sample(fc.tuple(randomCaseArb(op, fuzzerPool, allNames), fc.constantFrom(...credentials)), {
              numRuns: ANONYMOUS_RANDOM_CASES,
              seed: SEED,
            })
            .map(([c, [label, headers]]) => [label, headers, c] as [string, Record<string, string>, Case]),
        ]
        for (const [label, headers, c] of attempts) {
          const sent = { ...c, headers: { ...c.headers, ...headers } }
          const reply = await send(op, sent)
          // Headers past Node's 16 KB limit are refused (431) before any route or credential is read.
          const expected = headerBytes(sent.headers) > 16 * 1024 ? [401, 431] : [401]
          const problem = !expected.includes(reply.status)
            ? `expected ${expected.join(' or ')}, got ${reply.status}`
            : envelopeProblem(reply)
          if (problem) failures.push(failureLine(op, label, sent, reply, problem))
        }
      }
      expectNoFailures('anonymous and wrong credentials', failures)
    },
    isLong ? 600_000 : 60_000,
  )

  it(
    'answers every hostile input with an envelope (or a documented file) and never a 5xx',
    async () => {
      const failures: string[] = []
      const idempotentOps: string[] = []
      const baselines = new Map<Operation, Baseline>()
      let session = fuzzer.token
      /** The fuzzer's own calls may sign them out (logout): sign in again when that happened. */
      async function keepSignedIn() {
        if ((await server.call('GET', '/api/user/me', { token: session })).status !== 401) return
        const login = await server.call<{ token: string }>('POST', '/api/auth/login', {
          body: { email: fuzzer.email, password: fuzzer.password },
        })
        expect(login.status, JSON.stringify(login.body)).toBe(200)
        session = login.body.data.token
      }
      const tokenFor = (op: Operation) => (op.isNode ? nodeToken : op.isSecured ? session : undefined)
      async function check(op: Operation, c: Case) {
        const reply = await send(op, c, tokenFor(op))
        const problem = problemOf(op, reply)
        if (problem)
          failures.push(
            failureLine(op, op.isNode ? 'node' : op.isSecured ? 'customer' : 'anyone', c, reply, problem),
          )
        if (reply.status === 401 && op.isSecured && !op.isNode) await keepSignedIn()
        return reply
      }

      for (const op of ops) {
        // A baseline the server accepts (owned ids from the pool), so each mutation reaches deep code;
        // failing that, one that at least passes validation.
        const bases = fc.sample(baselineArb(op, fuzzerPool), { numRuns: BASELINE_ATTEMPTS, seed: SEED })
        let base = bases[0] as Baseline
        let isBaseChosen = false
        for (const candidate of bases) {
          const reply = await check(op, caseOf(candidate))
          if (!isBaseChosen && reply.status !== 400) [base, isBaseChosen] = [candidate, true]
          if (reply.status >= 200 && reply.status < 400) {
            base = candidate
            break
          }
        }
        baselines.set(op, base)
        // Money-moving POSTs are the ones that honour Idempotency-Key: the same key twice replays.
        let isIdempotent = false
        if (op.method === 'POST') {
          const key = { ...caseOf(base), headers: { 'idempotency-key': randomUUID() } }
          await check(op, key)
          isIdempotent = (await check(op, key)).headers.get('idempotent-replayed') === 'true'
          if (isIdempotent) idempotentOps.push(op.name)
        }
        const cases = [
          ...systematicCases(op, base, fuzzerPool),
          ...fc.sample(randomCaseArb(op, fuzzerPool, allNames), { numRuns: RANDOM_CASES, seed: SEED }),
        ]
        for (const c of cases) {
          const reply = await check(op, c)
          // Money-moving POSTs again under a fresh Idempotency-Key: the random cases always, the
          // sweep when the first answer got past validation (the key is only looked at after it).
          const isPastValidation = ![400, 413, 415].includes(reply.status)
          if (
            isIdempotent &&
            !('idempotency-key' in c.headers) &&
            (isPastValidation || c.label.startsWith('random'))
          )
            await check(op, {
              ...c,
              label: `${c.label} + Idempotency-Key`,
              headers: { ...c.headers, 'idempotency-key': randomUUID() },
            })
        }
      }
      // What the sweep wrote (extreme byte counts, odd names) still reads back.
      for (const [op, base] of baselines)
        if (op.method === 'GET') await check(op, caseOf(base, 'read back after the sweep'))
      expect(idempotentOps, 'no operation replayed a repeated Idempotency-Key').not.toEqual([])
      expectNoFailures('hostile inputs', failures)
      // Thousands of requests, one after another: about 70 s on a quiet machine of this kind, and these
      // machines differ up to twice in speed (each request still has its own 10 s limit above).
    },
    isLong ? 1_800_000 : 300_000,
  )

  it("never shows or changes one customer's objects for another", async () => {
    const failures: string[] = []
    const reads = readCases()
    const before = await readEverything(owner.token, reads)
    let seen = before
    const ownerStrings = stringsIn([...before.values()].map((reply) => reply.json))
    // The owner's private strings: in their answers, but in nobody else's and not public.
    const others = stringsIn(
      [
        ...(await readEverything(intruder.token, reads)).values(),
        ...(await readEverything(fuzzer.token, reads)).values(),
      ].map((reply) => reply.json),
    )
    const privateStrings = [...ownerStrings].filter(
      (value) => value.length >= 8 && !others.has(value) && !/^\d{4}-\d\d-\d\dT/.test(value),
    )
    const idParams = ops.flatMap((op) => op.pathParams.map((param) => param.schema))
    const ownerIds = privateStrings.filter((value) => idParams.some((schema) => fitsString(schema, value)))
    expect(ownerIds.length).toBeGreaterThan(4)
    const intruderBalance = async () =>
      JSON.stringify(await callJson('GET', '/api/user/wallet', intruder.token))
    const balanceBefore = await intruderBalance()

    let attempts = 0
    async function attempt(op: Operation, c: Case, expectation: 'not found' | 'no leak') {
      attempts++
      const reply = await send(op, c, op.isNode ? undefined : intruder.token)
      const { url, body } = requestOf(op, c)
      const sent = `${url} ${typeof body === 'string' ? body : ''}`
      // A 2xx answer must hold nothing of the owner's; an error may echo the id it was sent.
      const shown = privateStrings.filter(
        (value) => reply.text.includes(value) && (reply.status < 300 || !sent.includes(value)),
      )
      const problem =
        problemOf(op, reply) ??
        // A customer's token is no credential at all on an operator route: 401 there.
        (expectation === 'not found' && op.isOperator && reply.status !== 401
          ? `expected 401 (a customer on an operator route), got ${reply.status}`
          : expectation === 'not found' && !op.isOperator && ![403, 404].includes(reply.status)
            ? `expected 404 or 403, got ${reply.status}`
            : shown.length > 0
              ? `shows the owner's ${shown.map((value) => clip(value, 24)).join(', ')}`
              : null)
      if (problem) failures.push(failureLine(op, 'another customer', c, reply, problem))
    }

    // The intruder's own lists, the widest page, never hold the owner's objects.
    for (const op of readOperations()) {
      const [base] = fc.sample(baselineArb(op, []), { numRuns: 1, seed: SEED })
      if (!base) continue
      const c = caseOf({ ...base, query: requiredOnly(op, base) }, 'own list')
      if (op.query.some((param) => param.name === 'pageSize'))
        c.query.push(['pageSize', { label: '100', text: '100' }])
      await attempt(op, c, 'no leak')
    }
    // Then every owned id in every place that takes an id: path parameters (404 or 403), and
    // query parameters and body fields an id fits (no leak, no change).
    const takesIds = (schema: Schema) => Boolean(schema.pattern ?? schema.format)
    for (const op of ops) {
      const [base] = fc.sample(baselineArb(op, []), { numRuns: 1, seed: SEED })
      if (!base) continue
      const attemptsBefore = attempts
      for (const id of ownerIds) {
        for (const param of op.pathParams) {
          const c = caseOf(base, `path ${param.name}=the owner's ${clip(id, 24)}`)
          c.params[param.name] = { label: id, text: id }
          await attempt(op, c, fitsString(param.schema, id) ? 'not found' : 'no leak')
        }
        const queryParams = op.query.filter((param) => !param.schema.enum && fitsString(param.schema, id))
        for (const param of queryParams) {
          const c = caseOf(base, `query ${param.name}=the owner's ${clip(id, 24)}`)
          c.query = [
            ...c.query.filter(([name]) => name !== param.name),
            [param.name, { label: id, text: id }],
          ]
          await attempt(op, c, 'no leak')
        }
        for (const [name, schema] of Object.entries(op.body?.properties ?? {})) {
          const isList = schema.type === 'array'
          const itemSchema = isList ? (schema.items ?? {}) : schema
          if (!takesIds(itemSchema) || !fitsString(itemSchema, id)) continue
          const c = caseOf(base, `body ${name}=the owner's ${clip(id, 24)}`)
          c.body = { json: withSlot(base.body, [name], isList ? [id] : id) }
          c.headers['idempotency-key'] = randomUUID()
          await attempt(op, c, 'no leak')
        }
      }
      // What the owner sees is unchanged by this operation (writes only: reads are checked above).
      if (op.method === 'GET' || attempts === attemptsBefore) continue
      const after = await readEverything(owner.token, reads)
      for (const [name, reply] of seen) {
        const now = after.get(name)?.text ?? ''
        if (ownView(now) !== ownView(reply.text))
          failures.push(
            `${op.name} by another customer changed what ${name} shows the owner: ${change(reply.text, now)}`,
          )
      }
      seen = after
    }
    if ((await intruderBalance()) !== balanceBefore) failures.push("the other customer's wallet moved")
    expectNoFailures("another customer's ids", failures)
  }, 60_000)

  it('keeps the ledger invariants after the run', async () => {
    await expectLedgerInvariants(server.db)
  })
})
