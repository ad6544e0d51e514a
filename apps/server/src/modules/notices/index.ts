// The notices module's public face: all that other modules may import from it (npm run deps checks).
export { addNotice } from './notices.service.ts'
