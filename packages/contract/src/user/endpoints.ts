import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { text } from '../input.ts'

import { NAME_MAX_LENGTH } from '../wire.ts'

export { NAME_MAX_LENGTH }

export const Me = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
})
export type Me = z.infer<typeof Me>

export const UpdateMeInput = z.strictObject({ name: text().trim().min(1).max(NAME_MAX_LENGTH) })
export type UpdateMeInput = z.infer<typeof UpdateMeInput>

export const ApiToken = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret, enough to recognise it. */
  prefix: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
})
export type ApiToken = z.infer<typeof ApiToken>

export const CreateApiTokenInput = z.strictObject({ name: text().trim().min(1).max(NAME_MAX_LENGTH) })
export type CreateApiTokenInput = z.infer<typeof CreateApiTokenInput>

export const CreatedApiToken = z.object({ id: z.string(), token: z.string() })
export type CreatedApiToken = z.infer<typeof CreatedApiToken>

export const IdParams = z.strictObject({ id: z.uuid() })

const tags = ['user'] as const

export const getMe = defineEndpoint({
  method: 'GET',
  path: '/user/me',
  summary: 'The signed-in customer',
  tags,
  response: Me,
})

export const updateMe = defineEndpoint({
  method: 'PATCH',
  path: '/user/me',
  summary: 'Rename the signed-in customer',
  tags,
  body: UpdateMeInput,
  response: Me,
})

export const listApiTokens = defineEndpoint({
  method: 'GET',
  path: '/user/api-tokens',
  summary: 'API tokens for scripts (never the secret)',
  tags,
  response: z.object({ items: z.array(ApiToken) }),
})

export const createApiToken = defineEndpoint({
  method: 'POST',
  path: '/user/api-tokens',
  summary: 'Create an API token; the secret is shown once',
  tags,
  body: CreateApiTokenInput,
  response: CreatedApiToken,
})

export const revokeApiToken = defineEndpoint({
  method: 'DELETE',
  path: '/user/api-tokens/:id',
  summary: 'Revoke an API token; it stops working on the next request',
  tags,
  params: IdParams,
  response: z.null(),
})
