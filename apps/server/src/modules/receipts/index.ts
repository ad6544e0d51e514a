// The receipts module's public face: all that other modules (and app.ts) may import from it.
export { receiptRoutes } from './receipts.routes.ts'
