// Credential resets are limited per static IP (CREDENTIAL_RESET_LIMIT_PER_HOUR, 5 by default): each
// one changes what the node serves, and a customer resetting every few seconds once cut every other
// customer's vmess tunnels on the node.
import { errorCatalogue } from '@proxy/contract/errors'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { loginAttempts } from '../auth/auth.schema.ts'
import { purgeLoginAttempts } from '../auth/login-limits.ts'

let server: TestServer
let region: string
beforeAll(async () => {
  server = await startTestServer()
  region = await stockRegion(server, 10)
})
afterAll(() => server.close())

type Detail = { id: string; username: string; password: string; uuid: string; connection: unknown }

async function customerWith(quantity: number) {
  const customer = await server.newCustomer()
  await fund(server, customer.email, 1000_00)
  const answer = await buy(server, customer.token, {
    regionId: region,
    quantity,
    durationDays: 30,
    protocol: 'vmess',
  })
  expect(answer.status).toBe(200)
  return { ...customer, instances: answer.body.data.instances }
}

const reset = (token: string, id: string) =>
  server.call<Detail>('POST', `/api/proxy/instances/${id}/reset-credentials`, { token })
const detail = async (token: string, id: string) =>
  (await server.call<Detail>('GET', `/api/proxy/instances/${id}`, { token })).body.data
/** Moves the instance's counter window back by `minutes`, as if its first reset were that long ago. */
const age = (id: string, minutes: number) =>
  server.db
    .update(loginAttempts)
    .set({ windowStartedAt: sql`window_started_at - make_interval(mins => ${minutes})` })
    .where(sql`${loginAttempts.key} like ${`%credential-reset:${id}`}`)

describe('credential resets', () => {
  it('allows 5 an hour per instance: the 6th is refused with 429 and changes nothing; another instance is unaffected', async () => {
    const alice = await customerWith(2)
    const mallory = await customerWith(1)
    const [line, other] = alice.instances
    if (!line || !other) throw new Error('no instances')
    // A stranger's attempts are refused as unknown and spend none of the owner's allowance.
    for (let i = 0; i < 6; i++) expect((await reset(mallory.token, line.id)).status).toBe(404)

    // Concurrent, as from two tabs or two server replicas: each is counted by one upsert.
    const answers = await Promise.all(Array.from({ length: 5 }, () => reset(alice.token, line.id)))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200])
    const before = await detail(alice.token, line.id)
    const refused = await reset(alice.token, line.id)
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({
      code: errorCatalogue.CREDENTIAL_RESET_LIMITED.code,
      message: errorCatalogue.CREDENTIAL_RESET_LIMITED.message,
      data: { perHour: 5 },
    })
    expect(await detail(alice.token, line.id)).toEqual(before)

    const otherBefore = await detail(alice.token, other.id)
    const otherReset = await reset(alice.token, other.id)
    expect(otherReset.status).toBe(200)
    expect(otherReset.body.data.uuid).not.toBe(otherBefore.uuid)
  })

  it('keeps counting through the purge job for the whole hour, then allows resets again', async () => {
    const { token, instances } = await customerWith(1)
    const [line] = instances
    if (!line) throw new Error('no instance')
    for (let i = 0; i < 5; i++) expect((await reset(token, line.id)).status).toBe(200)
    // The purge forgets sign-in counters after 15 minutes; this one is kept for its hour.
    await age(line.id, 50)
    await purgeLoginAttempts(server.db)
    expect((await reset(token, line.id)).status).toBe(429)
    await age(line.id, 11)
    const renewed = await reset(token, line.id)
    expect(renewed.status).toBe(200)
    await purgeLoginAttempts(server.db)
    expect((await reset(token, line.id)).status).toBe(200)
  })
})
