// The static IPs' invariant of DESIGN §4 (src/invariants.ts runs it with the others).
import { sql } from 'drizzle-orm'
import type { InvariantChecks } from '../ledger/index.ts'

export const staticIpInvariants = {
  // an address allocated without a live instance, or held but not allocated
  strayAddresses: sql`
    select i.id from ip_inventory i left join proxy_instances p on p.inventory_id = i.id and p.status <> 'released'
    where (i.status = 'allocated') <> (p.id is not null)`,
} satisfies InvariantChecks
