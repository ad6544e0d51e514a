// The admin module's public face: all that other modules (and app.ts, cli.ts) may import from it.
export { adminRoutes } from './admin.routes.ts'
export { recordAudit } from './audit.ts'
export { financeRoutes } from './finance.routes.ts'
export { operationsRoutes } from './operations.routes.ts'
export { adminAuthPlugin, isAllowedAddress } from './operator-auth.ts'
export { type CreatedOperator, createOperatorAccount } from './operators.service.ts'
