// The notices module's public face: all that other modules may import from it (npm run deps checks).
export { addNotice, noticesOfKindSince, unreadCount } from './notices.service.ts'
