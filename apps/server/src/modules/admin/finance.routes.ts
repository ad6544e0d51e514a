// The operator API for orders, top-ups (reconcile, mark paid) and refunds (the finance role's pages).
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'

export async function financeRoutes(_app: FastifyInstance, _deps: { db: Db; config: Config }) {}
