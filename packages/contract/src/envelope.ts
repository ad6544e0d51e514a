// Every API answer is this envelope; code 0 means success (SPEC §9).
import { z } from 'zod'

export { SUCCESS_CODE } from './wire.ts'

export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data })

export const ErrorEnvelope = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown().nullable(),
})
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>

export type Envelope<T> = { code: number; message: string; data: T }
