// The download-links module's public face: its routes, for app.ts (npm run deps checks the rest).
export { downloadLinkRoutes } from './download-links.routes.ts'
