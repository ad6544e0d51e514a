// Reminders sent as a notice on the overview and a mail: a traffic package past 80 % (once per
// package), the traffic account running out (once per time it runs out), and static IPs without
// auto-renew that expire within 3 days (once per expiry date). Each reminder is claimed with an
// UPDATE … RETURNING first, so replicas running the same job never send one twice.
import { bytesToWire, formatBytes } from '@proxy/contract/bytes'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import type { Mailer } from '../../platform/mail/mailer.ts'
import { verifiedEmailOf } from '../auth/index.ts'
import { addNotice } from '../notices/index.ts'
import { claimInstancesExpiring } from '../static-ip/index.ts'
import { claimExhaustedAccounts, claimPackagesPastPercent, remainingBytes } from '../traffic/index.ts'

export const PACKAGE_REMINDER_PERCENT = 80
export const EXPIRY_REMINDER_DAYS = 3

type Reminder = {
  userId: string
  kind: 'traffic-package-80' | 'traffic-exhausted' | 'instances-expiring'
  /** Chinese first (the console's language), English below it in the mail. */
  title: string
  body: string
  titleEn: string
  bodyEn: string
  params: Record<string, string | number>
}

export function createReminders(db: Db, mailer: Mailer, log: FastifyBaseLogger) {
  async function deliver(reminder: Reminder) {
    const { userId, kind, title, body, params } = reminder
    await addNotice(db, { userId, kind, title, body, params })
    const email = await verifiedEmailOf(db, userId)
    if (email)
      await mailer.send({
        to: email,
        subject: `${title} / ${reminder.titleEn}`,
        text: `${body}\n\n${reminder.bodyEn}`,
      })
  }

  async function packagesPastThreshold(now: Date): Promise<Reminder[]> {
    const claimed = await claimPackagesPastPercent(db, now, PACKAGE_REMINDER_PERCENT)
    return claimed.map((pack) => {
      // Integer division in bigint: floor(used × 100 / total), exact at any size.
      const usedPercent = pack.totalBytes > 0n ? Number((pack.usedBytes * 100n) / pack.totalBytes) : 100
      const remainingBytes = bytesToWire(pack.totalBytes - pack.usedBytes)
      const left = formatBytes(remainingBytes)
      return {
        userId: pack.userId,
        kind: 'traffic-package-80',
        title: `流量包已使用 ${usedPercent}%`,
        body: `流量包 ${pack.planName}（订单 ${pack.orderNo}）已使用 ${usedPercent}%，剩余 ${left}。流量用完后流量账户将停用，可在 流量购买 中续购。`,
        titleEn: `Traffic package ${usedPercent}% used`,
        bodyEn: `Package ${pack.planName} (order ${pack.orderNo}) is ${usedPercent}% used, ${left} left. When your traffic runs out the traffic account stops; buy more under Buy traffic.`,
        params: {
          planName: pack.planName,
          orderNo: pack.orderNo,
          usedPercent,
          remainingBytes,
        },
      }
    })
  }

  async function exhaustedAccounts(now: Date): Promise<Reminder[]> {
    const claimed = await claimExhaustedAccounts(db, now)
    const reminders: Reminder[] = []
    for (const { userId } of claimed) {
      // Bought more before the job ran: nothing to tell.
      if ((await remainingBytes(db, userId)) > 0n) continue
      reminders.push({
        userId,
        kind: 'traffic-exhausted',
        title: '流量已用完，流量账户已停用',
        body: '您的流量包已全部用完或过期，流量账户已停止服务。购买新的流量包后立即恢复。',
        titleEn: 'Traffic used up: your traffic account is paused',
        bodyEn:
          'All your traffic packages are used up or expired, so the traffic account has stopped. Buying a new package turns it back on at once.',
        params: {},
      })
    }
    return reminders
  }

  async function instancesExpiringSoon(now: Date): Promise<Reminder[]> {
    const claimed = await claimInstancesExpiring(db, now, EXPIRY_REMINDER_DAYS)
    const byCustomer = new Map<string, typeof claimed>()
    for (const row of claimed) byCustomer.set(row.userId, [...(byCustomer.get(row.userId) ?? []), row])
    return [...byCustomer].map(([userId, rows]) => {
      const names = rows.map((row) => row.name).join('、')
      return {
        userId,
        kind: 'instances-expiring',
        title: `${rows.length} 个静态IP将在 ${EXPIRY_REMINDER_DAYS} 天内到期`,
        body: `以下静态IP未开启自动续费，将在 ${EXPIRY_REMINDER_DAYS} 天内到期：${names}。请在 IP列表 中续费以免中断。`,
        titleEn: `${rows.length} static IP(s) expire within ${EXPIRY_REMINDER_DAYS} days`,
        bodyEn: `These static IPs have no auto-renew and expire within ${EXPIRY_REMINDER_DAYS} days: ${rows.map((row) => row.name).join(', ')}. Renew them on the IP list to keep them running.`,
        params: {
          count: rows.length,
          names: rows.map((row) => row.name).join(', '),
          days: EXPIRY_REMINDER_DAYS,
        },
      }
    })
  }

  /** One pass: claim every due reminder, then deliver them (a failed mail is kept in the outbox). */
  async function run(now = new Date()) {
    const due = [
      ...(await packagesPastThreshold(now)),
      ...(await exhaustedAccounts(now)),
      ...(await instancesExpiringSoon(now)),
    ]
    for (const reminder of due) {
      try {
        await deliver(reminder)
      } catch (error) {
        log.error({ err: error, userId: reminder.userId, kind: reminder.kind }, 'reminder not delivered')
      }
    }
    return due.length
  }

  return { run }
}

export type Reminders = ReturnType<typeof createReminders>
