// A static IP's proxy credentials, new for a purchase or the customer's reset.
import { randomUUID } from 'node:crypto'
import { randomText } from '../../platform/random-text.ts'

const CREDENTIAL_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'

export const newCredentials = () => ({
  username: `u${randomText(CREDENTIAL_ALPHABET, 9)}`,
  password: randomText(CREDENTIAL_ALPHABET, 16),
  uuid: randomUUID(),
})
