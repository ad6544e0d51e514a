// The operator API for inventory, nodes and notices (the operator role's pages).
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'

export async function operationsRoutes(_app: FastifyInstance, _deps: { db: Db; config: Config }) {}
