// Webhook signing secrets sealed anew under APP_SECRET (`secrets:reseal`, after a rotation). A
// delivery re-seals its endpoint's secret as it reads it too; this does the rest at once.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { type ResealCount, resealRows, type Sealer } from '../auth/index.ts'
import { webhookEndpoints } from './alerts.schema.ts'

export async function resealWebhookSecrets(db: Db, sealer: Sealer): Promise<ResealCount> {
  const rows = await db
    .select({ id: webhookEndpoints.id, sealed: webhookEndpoints.secretSealed })
    .from(webhookEndpoints)
  return resealRows(
    'webhook signing secrets',
    'webhook',
    rows,
    sealer,
    async (id, sealed, resealed) =>
      (
        await db
          .update(webhookEndpoints)
          .set({ secretSealed: resealed })
          .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.secretSealed, sealed)))
          .returning({ id: webhookEndpoints.id })
      ).length > 0,
    'webhook-secret',
  )
}
