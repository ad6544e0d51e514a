// A customer's IP whitelist: up to IP_WHITELIST_MAX source addresses or ranges from which their
// static IPs open without a password. Nodes learn of each change on their next pull (triggers log it).
import { IP_WHITELIST_MAX, type WhitelistEntry } from '@proxy/contract/user/endpoints'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import ipaddr from 'ipaddr.js'
import { type Db, inTransaction } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { ipWhitelist } from './ip-whitelist.schema.ts'

/** One spelling per source: `203.0.113.7/24` → `203.0.113.0/24`, `::ffff:1.2.3.4` → `1.2.3.4`, `/32` → the address. */
export function normaliseSource(source: string): string {
  const [address, prefix] = source.includes('/')
    ? ipaddr.parseCIDR(source)
    : ([ipaddr.parse(source), undefined] as const)
  let ip = address
  let bits = prefix
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    ip = (ip as ipaddr.IPv6).toIPv4Address()
    if (bits !== undefined) bits = Math.max(0, bits - 96)
  }
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
