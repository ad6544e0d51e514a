// The stats module's public face: all that other modules may import from it (npm run deps checks).
export { destinationKeepers } from './destinations.service.ts'
export { purgeTunnelStats } from './purge.ts'
export { recordTunnelStats } from './tunnel-stats.repo.ts'
