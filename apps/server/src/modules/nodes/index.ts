// The nodes module's public face: all that other modules may import from it (npm run deps checks).
export { DOWN_AFTER_MS, listNodes, nodeStatusCounts, statusOf } from './node-health.ts'
export {
  lockDenyList,
  normaliseDenyList,
  readDenyList,
  refusalTotals,
  type StoredDenyList,
  topRefusals,
  writeDenyList,
} from './node-policy.ts'
export { nodeMetrics } from './nodes.metrics.ts'
export { addNode, isLiveNodeToken, revokeNode, rotateNodeToken } from './nodes.service.ts'
