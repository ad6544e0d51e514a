// The notices module's public face: all that other modules may import from it (npm run deps checks).
export { addNotice, unreadCount } from './notices.service.ts'
