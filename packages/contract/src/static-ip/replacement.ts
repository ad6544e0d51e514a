// Free address replacement: a static IP moves to a new address in its region, keeping its id,
// expiry, protocol and credentials; each IP may be replaced once per cooldown period.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { Instance, InstanceIdParams } from './instances.ts'

export const REPLACEMENT_REASONS = ['blocked', 'slow', 'other'] as const
export const ReplacementReason = z.enum(REPLACEMENT_REASONS)
export type ReplacementReason = z.infer<typeof ReplacementReason>

export const ReplaceInstanceIpInput = z.strictObject({ reason: ReplacementReason })
export type ReplaceInstanceIpInput = z.infer<typeof ReplaceInstanceIpInput>

/** One replacement, as the instance's and the order's history show it. */
export const IpReplacement = z.object({
  id: z.string(),
  instanceId: z.string(),
  /** The order that bought the instance. */
  orderNo: z.string(),
  oldIp: z.string(),
  newIp: z.string(),
  reason: ReplacementReason,
  createdAt: z.iso.datetime(),
})
export type IpReplacement = z.infer<typeof IpReplacement>

export const ReplaceInstanceIpResult = z.object({
  instance: Instance,
  replacement: IpReplacement,
  /** When this IP may be replaced again. */
  nextAllowedAt: z.iso.datetime(),
})
export type ReplaceInstanceIpResult = z.infer<typeof ReplaceInstanceIpResult>

export const InstanceReplacements = z.object({
  /** Days between two replacements of one IP (the operator's setting). */
  cooldownDays: z.number().int(),
  /** null: a replacement is allowed now (as far as the cooldown goes). */
  nextAllowedAt: z.iso.datetime().nullable(),
  /** Newest first. */
  items: z.array(IpReplacement),
})
export type InstanceReplacements = z.infer<typeof InstanceReplacements>

const tags = ['static-ip'] as const

export const replaceInstanceIp = defineEndpoint({
  method: 'POST',
  path: '/proxy/instances/:id/replace',
  summary:
    'Move a static IP to a new address in its region for free, keeping its credentials (send an Idempotency-Key header)',
  tags,
  // Free: it changes a line, it spends nothing.
  scope: 'manage',
  params: InstanceIdParams,
  body: ReplaceInstanceIpInput,
  response: ReplaceInstanceIpResult,
})

export const getInstanceReplacements = defineEndpoint({
  method: 'GET',
  path: '/proxy/instances/:id/replacements',
  summary: "A static IP's replacements and when it may be replaced again",
  tags,
  scope: 'read',
  params: InstanceIdParams,
  response: InstanceReplacements,
})
