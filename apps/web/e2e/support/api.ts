// Direct calls to the real API for test set-up: customers are created through POST /api/auth/register.
import { randomUUID } from 'node:crypto'

export type Customer = { email: string; password: string; token: string; expiresAt: string }

const post = async (baseURL: string, path: string, body: unknown, token = '') => {
  const answer = await fetch(`${baseURL}/api${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return {
    status: answer.status,
    body: (await answer.json()) as { code: number; message: string; data: unknown },
  }
}

export const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`

export const registerCustomer = async (baseURL: string, tag = 'e2e'): Promise<Customer> => {
  const email = uniqueEmail(tag)
  const password = `Pw-${randomUUID()}`
  const { status, body } = await post(baseURL, '/auth/register', { email, password })
  if (status !== 200 || body.code !== 0) throw new Error(`register failed: ${status} ${JSON.stringify(body)}`)
  const data = body.data as { token: string; expiresAt: string }
  return { email, password, token: data.token, expiresAt: data.expiresAt }
}

export const login = (baseURL: string, email: string, password: string) =>
  post(baseURL, '/auth/login', { email, password })

export const logoutToken = (baseURL: string, token: string) => post(baseURL, '/auth/logout', undefined, token)

export const getWithToken = async (baseURL: string, path: string, token: string) =>
  (await fetch(`${baseURL}/api${path}`, { headers: { authorization: `Bearer ${token}` } })).status
