// A static IP's proxy credentials, new for a purchase or the customer's reset.
import { randomBytes, randomUUID } from 'node:crypto'

const CREDENTIAL_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const randomText = (length: number) =>
  [...randomBytes(length)].map((byte) => CREDENTIAL_ALPHABET[byte % CREDENTIAL_ALPHABET.length]).join('')

export const newCredentials = () => ({
  username: `u${randomText(9)}`,
  password: randomText(16),
  uuid: randomUUID(),
})
