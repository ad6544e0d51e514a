// The nodes module's public face: all that other modules may import from it (npm run deps checks).
export { listNodes, statusOf } from './node-health.ts'
export { addNode, isLiveNodeToken, revokeNode, rotateNodeToken } from './nodes.service.ts'
