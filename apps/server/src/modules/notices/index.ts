// The notices module's public face: all that other modules may import from it (npm run deps checks).
export {
  type AnnouncementFields,
  type AnnouncementRow,
  announcementForUpdate,
  deleteAnnouncementRow,
  insertAnnouncement,
  listAnnouncementRows,
  toAdminAnnouncement,
  updateAnnouncementRow,
} from './announcements.service.ts'
export { addNotice, noticesOfKindSince, unreadCount } from './notices.service.ts'
