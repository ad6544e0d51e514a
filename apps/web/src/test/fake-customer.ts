// A signed-in customer as GET /user/me answers it, for tests of what the console does with the account.
import type { Me } from '@proxy/contract/user/endpoints'

export const fakeCustomer = (overrides: Partial<Me> = {}): Me => ({
  id: '0c9e2f4a-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  email: 'lin@example.com',
  name: '',
  createdAt: '2025-03-14T02:00:00.000Z',
  emailVerified: true,
  language: null,
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  tourSeen: false,
  twoFactor: false,
  ...overrides,
})
