// The payments module's public face: all that other modules may import from it (npm run deps checks).
export type { PaymentGateway } from './gateway.ts'
