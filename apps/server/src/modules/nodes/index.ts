// The nodes module's public face: all that other modules may import from it (npm run deps checks).
export { addNode, isLiveNodeToken } from './nodes.service.ts'
