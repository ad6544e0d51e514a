// Jobs that move static IPs through their life: active → expired at expiresAt → released after a
// 3-day grace (renewal in the grace keeps the same address) → the address cools down → back in
// stock. Auto-renew runs 24 h before expiry. Every job claims rows with SKIP LOCKED, so several
// replicas can run the same schedule, and takes `now` so tests drive it with their own clock.
import { and, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import type { AppError } from '../../platform/errors.ts'
import type { Mailer } from '../../platform/mail/mailer.ts'
import { verifiedEmailOf } from '../auth/index.ts'
import { addNotice } from '../notices/index.ts'
import { renewInstances } from './renewal.service.ts'
import { ipInventory, proxyInstances } from './static-ip.schema.ts'

const HOUR = 3600 * 1000
export const GRACE_DAYS = 3
export const COOLING_HOURS = 24
export const AUTO_RENEW_LEAD_HOURS = 24
export const AUTO_RENEW_RETRY_HOURS = 6
export const AUTO_RENEW_DAYS = 30
/** The kind of the notice a customer gets when an auto-renewal fails (the dashboard counts them). */
export const AUTO_RENEW_FAILED_NOTICE = 'auto-renew-failed'
const BATCH = 500

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms)
const ahead = (now: Date, ms: number) => new Date(now.getTime() + ms)

export function createLifecycle(db: Db, mailer: Mailer, log: FastifyBaseLogger) {
  /** Active instances past their expiry become expired (still holding their address). */
  async function expire(now = new Date()): Promise<number> {
    const due = db
      .select({ id: proxyInstances.id })
      .from(proxyInstances)
      .where(and(eq(proxyInstances.status, 'active'), lte(proxyInstances.expiresAt, now)))
      .limit(BATCH)
      .for('update', { skipLocked: true })
    const expired = await db
      .update(proxyInstances)
      .set({ status: 'expired' })
      .where(and(inArray(proxyInstances.id, due), eq(proxyInstances.status, 'active')))
      .returning({ id: proxyInstances.id })
    return expired.length
  }

  /** After the grace period the instance lets go of its address, which cools down before resale. */
  async function release(now = new Date()): Promise<number> {
    return db.transaction(async (tx) => {
      const released = await tx
        .update(proxyInstances)
        .set({ status: 'released', releasedAt: now })
        .where(
          inArray(
            proxyInstances.id,
            tx
              .select({ id: proxyInstances.id })
              .from(proxyInstances)
              .where(
                and(
                  eq(proxyInstances.status, 'expired'),
                  lte(proxyInstances.expiresAt, ago(now, GRACE_DAYS * 24 * HOUR)),
                ),
              )
              .limit(BATCH)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning({ inventoryId: proxyInstances.inventoryId })
      if (released.length > 0)
        await tx
          .update(ipInventory)
          .set({ status: 'cooling', coolingUntil: ahead(now, COOLING_HOURS * HOUR) })
          .where(
            inArray(
              ipInventory.id,
              released.map((row) => row.inventoryId),
            ),
          )
      return released.length
    })
  }

  /** Cooled addresses go back on sale. */
  async function restock(now = new Date()): Promise<number> {
    const restocked = await db
      .update(ipInventory)
      .set({ status: 'available', coolingUntil: null })
      .where(and(eq(ipInventory.status, 'cooling'), lte(ipInventory.coolingUntil, now)))
      .returning({ id: ipInventory.id })
    return restocked.length
  }

  /**
   * Renews instances with auto-renew on, 24 h before expiry, for 30 days per customer in one
   * all-or-nothing renewal. When the wallet cannot pay, the customer gets a notice and a mail, and
   * the job tries again after a few hours (a top-up in between is picked up).
   */
  async function autoRenew(now = new Date()): Promise<{ renewed: number; failed: number }> {
    const claimed = await db
      .update(proxyInstances)
      .set({ autoRenewCheckedAt: now })
      .where(
        inArray(
          proxyInstances.id,
          db
            .select({ id: proxyInstances.id })
            .from(proxyInstances)
            .where(
              and(
                eq(proxyInstances.autoRenew, true),
                inArray(proxyInstances.status, ['active', 'expired']),
                lte(proxyInstances.expiresAt, ahead(now, AUTO_RENEW_LEAD_HOURS * HOUR)),
                or(
                  isNull(proxyInstances.autoRenewCheckedAt),
                  lt(proxyInstances.autoRenewCheckedAt, ago(now, AUTO_RENEW_RETRY_HOURS * HOUR)),
                ),
              ),
            )
            .limit(BATCH)
            .for('update', { skipLocked: true }),
        ),
      )
      .returning({
        id: proxyInstances.id,
        userId: proxyInstances.userId,
        name: proxyInstances.lineInstanceName,
      })
    // Map.groupBy needs Node 21.
    const byCustomer = new Map<string, typeof claimed>()
    for (const row of claimed) byCustomer.set(row.userId, [...(byCustomer.get(row.userId) ?? []), row])
    let renewed = 0
    let failed = 0
    for (const [userId, rows] of byCustomer) {
      try {
        await renewInstances(
          db,
          userId,
          { ids: rows.map((row) => row.id), durationDays: AUTO_RENEW_DAYS },
          { actor: 'job:auto-renew' },
        )
        renewed += rows.length
      } catch (error) {
        failed += rows.length
        const reason = (error as AppError).name === 'INSUFFICIENT_BALANCE' ? 'insufficient-balance' : 'failed'
        log.warn({ userId, instances: rows.length, err: error }, 'auto-renew failed')
        await tellCustomer(
          userId,
          rows.map((row) => row.name),
          reason,
        )
      }
    }
    return { renewed, failed }
  }

  async function tellCustomer(userId: string, names: string[], reason: 'insufficient-balance' | 'failed') {
    const title = `自动续费失败：${names.length} 个静态IP`
    const why = reason === 'insufficient-balance' ? '钱包余额不足' : '续费失败'
    const body = `${why}，以下IP未能自动续费：${names.join('、')}。请充值后在 IP列表 中手动续费，到期后保留 ${GRACE_DAYS} 天。`
    const params = { count: names.length, names: names.join(', '), reason }
    await addNotice(db, { userId, kind: AUTO_RENEW_FAILED_NOTICE, title, body, params })
    const email = await verifiedEmailOf(db, userId)
    if (email) await mailer.send({ to: email, subject: title, text: body })
  }

  /** One pass of every step; renewals first, so a renewable instance is never seen as expired. */
  async function runAll(now = new Date()) {
    const renewals = await autoRenew(now)
    return {
      ...renewals,
      expired: await expire(now),
      released: await release(now),
      restocked: await restock(now),
    }
  }

  return { expire, release, restock, autoRenew, runAll }
}

export type Lifecycle = ReturnType<typeof createLifecycle>
