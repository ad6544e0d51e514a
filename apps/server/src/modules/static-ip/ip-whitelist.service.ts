// A customer's IP whitelist: up to IP_WHITELIST_MAX source addresses or ranges from which their
// static IPs open without a password. Nodes learn of each change on their next pull (triggers log it).
import {
  IP_WHITELIST_MAX,
  WHITELIST_MIN_PREFIX,
  type WhitelistEntry,
} from '@proxy/contract/static-ip/ip-whitelist'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import ipaddr from 'ipaddr.js'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { anyUuid } from '../../platform/db/sql.ts'
import { AppError } from '../../platform/errors.ts'
import { ipWhitelist } from './ip-whitelist.schema.ts'

/** Where IPv4 clients of a dual-stack socket appear in IPv6: a range over it would cover IPv4. */
const IPV4_MAPPED = ipaddr.parse('::ffff:0:0')

const tooWide = () =>
  new AppError(
    'VALIDATION_FAILED',
    { issues: [{ path: ['source'], message: 'too wide' }] },
    `A range may be at most /${WHITELIST_MIN_PREFIX.ipv4} of IPv4 (IPv4-mapped IPv6 included)`,
  )

/**
 * One spelling per source: `203.0.113.7/24` → `203.0.113.0/24`, `::ffff:1.2.3.4` → `1.2.3.4`,
 * `/32` → the address. An IPv6 range is judged by the IPv4 it covers too: `::ffff:0:0/96` or
 * `::/48` would open a static IP to every IPv4 client, so they are refused like `0.0.0.0/0`.
 */
export function normaliseSource(source: string): string {
  const [address, prefix] = source.includes('/')
    ? ipaddr.parseCIDR(source)
    : ([ipaddr.parse(source), undefined] as const)
  let ip = address
  let bits = prefix
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6
    if (bits !== undefined && bits <= 96 && IPV4_MAPPED.match(v6, bits)) throw tooWide()
    if (v6.isIPv4MappedAddress()) {
      ip = v6.toIPv4Address()
      if (bits !== undefined) bits -= 96
    }
  }
  if (ip.kind() === 'ipv4' && bits !== undefined && bits < WHITELIST_MIN_PREFIX.ipv4) throw tooWide()
  const full = ip.kind() === 'ipv4' ? 32 : 128
  if (bits === undefined || bits === full) return ip.toString()
  const network =
    ip.kind() === 'ipv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(`${ip}/${bits}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${ip}/${bits}`)
  return `${network.toString()}/${bits}`
}

const toEntry = (row: typeof ipWhitelist.$inferSelect): WhitelistEntry => ({
  id: row.id,
  source: row.source,
  createdAt: row.createdAt.toISOString(),
})

export async function listWhitelist(db: Db, userId: string): Promise<WhitelistEntry[]> {
  const rows = await db
    .select()
    .from(ipWhitelist)
    .where(eq(ipWhitelist.userId, userId))
    .orderBy(asc(ipWhitelist.createdAt), asc(ipWhitelist.id))
  return rows.map(toEntry)
}

export async function addToWhitelist(db: Db, userId: string, source: string): Promise<WhitelistEntry> {
  const normalised = normaliseSource(source)
  return inTransaction(db, async (tx) => {
    // Serialises one customer's additions, so two at once cannot both take the last place.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ip_whitelist'), hashtext(${userId}))`)
    const [{ value } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(ipWhitelist)
      .where(eq(ipWhitelist.userId, userId))
    if (value >= IP_WHITELIST_MAX) throw new AppError('WHITELIST_FULL', { max: IP_WHITELIST_MAX })
    const [row] = await tx
      .insert(ipWhitelist)
      .values({ userId, source: normalised })
      .onConflictDoNothing()
      .returning()
    if (!row) throw new AppError('WHITELIST_DUPLICATE', { source: normalised })
    return toEntry(row)
  })
}

/** Another customer's entry answers 404, exactly like an unknown one. */
export async function removeFromWhitelist(db: Db, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(ipWhitelist)
    .where(and(eq(ipWhitelist.id, id), eq(ipWhitelist.userId, userId)))
    .returning({ id: ipWhitelist.id })
  if (removed.length === 0) throw new AppError('NOT_FOUND')
}

/** Whitelist sources of these customers, by customer: for the proxy nodes' pull. */
export function whitelistSources(tx: Tx, owners: string[]) {
  return tx
    .select({ owner: ipWhitelist.userId, source: ipWhitelist.source })
    .from(ipWhitelist)
    .where(sql`${ipWhitelist.userId} = ${anyUuid(owners)}`)
    .orderBy(asc(ipWhitelist.userId), asc(ipWhitelist.source))
}
