// A customer's secret download links: made, listed, given a new secret and deleted here, and opened
// by their secret (download-links.routes.ts serves the file). The secret is shown once and only its
// SHA-256 is kept, like an API token's.
import {
  type CreateDownloadLinkInput,
  DOWNLOAD_LINK_PREFIX,
  DOWNLOAD_LINKS_MAX,
  type DownloadLink,
  type DownloadLinkSecret,
} from '@proxy/contract/static-ip/download-links'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import { type Db, inTransaction } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { hashToken, isNotSuspended, newToken } from '../auth/index.ts'
import { allRegions } from '../static-ip/index.ts'
import { downloadLinks } from './download-links.schema.ts'

type Row = typeof downloadLinks.$inferSelect

// Fetches from the same tool every few minutes would make every read a write.
const TOUCH_AFTER_MS = 60 * 1000

const toLink = (row: Row): DownloadLink => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  protocol: row.protocol,
  region: row.regionId,
  format: row.format,
  template: row.template,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  lastUsedIp: row.lastUsedIp,
})

/** A new secret, its hash and what the console shows of it. */
function newSecret() {
  const secret = newToken(DOWNLOAD_LINK_PREFIX)
  return { secret, secretHash: hashToken(secret), prefix: secret.slice(0, DOWNLOAD_LINK_PREFIX.length + 6) }
}

const answer = (row: Row, secret: string, publicUrl: string): DownloadLinkSecret => ({
  link: toLink(row),
  secret,
  url: `${publicUrl}/api/dl/${secret}`,
})

export async function listLinks(db: Db, userId: string): Promise<DownloadLink[]> {
  const rows = await db
    .select()
    .from(downloadLinks)
    .where(eq(downloadLinks.userId, userId))
    .orderBy(asc(downloadLinks.createdAt), asc(downloadLinks.id))
  return rows.map(toLink)
}

export async function createLink(
  db: Db,
  userId: string,
  input: CreateDownloadLinkInput,
  publicUrl: string,
): Promise<DownloadLinkSecret> {
  // A typo would make a link that answers nothing, silently, for as long as a tool fetches it.
  if (input.region && !(await allRegions(db)).some((region) => region.id === input.region))
    throw new AppError(
      'VALIDATION_FAILED',
      { issues: [{ field: 'body.region', message: 'no such region' }] },
      'body.region: no such region',
    )
  const { secret, secretHash, prefix } = newSecret()
  const row = await inTransaction(db, async (tx) => {
    // Serialises one customer's creations, so two at once cannot both take the last place.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('download_links'), hashtext(${userId}))`)
    const [{ value } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(downloadLinks)
      .where(eq(downloadLinks.userId, userId))
    if (value >= DOWNLOAD_LINKS_MAX)
      throw new AppError('TOO_MANY_DOWNLOAD_LINKS', { max: DOWNLOAD_LINKS_MAX })
    const [inserted] = await tx
      .insert(downloadLinks)
      .values({
        userId,
        name: input.name,
        prefix,
        secretHash,
        protocol: input.protocol,
        regionId: input.region ?? null,
        format: input.format,
        template: input.template,
      })
      .returning()
    return inserted
  })
  if (!row) throw new Error('download link not created')
  return answer(row, secret, publicUrl)
}

/** A new secret for the link: the old one finds nothing from this statement on. Another customer's id is 404. */
export async function resetLink(db: Db, userId: string, id: string, publicUrl: string) {
  const { secret, secretHash, prefix } = newSecret()
  const [row] = await db
    .update(downloadLinks)
    .set({ secretHash, prefix, lastUsedAt: null, lastUsedIp: null })
    .where(and(eq(downloadLinks.id, id), eq(downloadLinks.userId, userId)))
    .returning()
  if (!row) throw new AppError('NOT_FOUND')
  return answer(row, secret, publicUrl)
}

/** Another customer's id answers 404, exactly like an unknown one. */
export async function deleteLink(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(downloadLinks)
    .where(and(eq(downloadLinks.id, id), eq(downloadLinks.userId, userId)))
    .returning({ id: downloadLinks.id })
  if (deleted.length === 0) throw new AppError('NOT_FOUND')
}

export type OpenedLink = Pick<Row, 'userId' | 'protocol' | 'regionId' | 'format' | 'template'>

/**
 * The link a secret opens, or null: unknown, reset, deleted, or its customer suspended (whose
 * proxies the nodes no longer serve either). Records when and from where it was used.
 */
export async function openLink(db: Db, secret: string, ip: string): Promise<OpenedLink | null> {
  const [row] = await db
    .select()
    .from(downloadLinks)
    .where(and(eq(downloadLinks.secretHash, hashToken(secret)), isNotSuspended(downloadLinks.userId)))
  if (!row) return null
  const isStale = !row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > TOUCH_AFTER_MS
  if (isStale || row.lastUsedIp !== ip)
    await db
      .update(downloadLinks)
      .set({ lastUsedAt: sql`now()`, lastUsedIp: ip })
      .where(eq(downloadLinks.id, row.id))
  return row
}
