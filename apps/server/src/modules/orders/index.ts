// The orders module's public face: all that other modules may import from it (npm run deps checks).
export { orderInvariants } from './orders.invariants.ts'
export { orderMetrics } from './orders.metrics.ts'
export {
  findOrders,
  type InstancesReader,
  ordersOfInstance,
  paidOrder,
  paidOrderCentsByDay,
  paidOrderCtes,
  placePaidOrder,
  type ReplacementsReader,
} from './orders.service.ts'
