// The user module's public face: all that other modules may import from it (npm run deps checks).
export { whitelistSources } from './ip-whitelist.service.ts'
