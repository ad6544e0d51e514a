// The portal's calls with fetch, not the console's axios: the headers of SPEC §7, the envelope unwrapped, and a
// refusal described as the console describes it (the errors catalogue, else the server's words).
import type { SessionToken, TwoFactorChallenge } from '@proxy/contract/auth/endpoints'
import { errorNameByCode } from '@proxy/contract/errors'
import type { Region } from '@proxy/contract/static-ip/catalog'
import type { TrafficPlan } from '@proxy/contract/traffic/endpoints'
import { AUTH_PATHS, SUCCESS_CODE } from '@proxy/contract/wire'
import type { Language } from '../shared/i18n/language.ts'
import { getToken } from '../shared/session/token.ts'
import { hasText, type Translate } from './portal-text.ts'

export class PortalCallError extends Error {
  override readonly name = 'PortalCallError'

  constructor(
    message: string,
    readonly code: number | null,
    readonly status: number | null,
  ) {
    super(message)
  }
}

type Envelope = { code: number; message?: string; data?: unknown }

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number'

export const callPortal = async (path: string, body?: unknown): Promise<unknown> => {
  let response: Response
  try {
    response = await fetch(`/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        Authorization: `Bearer ${getToken() ?? ''}`,
        'Accept-Language': 'zh-CN',
        currencyCode: 'CNY',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new PortalCallError('network', null, null)
  }
  const envelope: unknown = await response.json().catch(() => null)
  if (!isEnvelope(envelope)) throw new PortalCallError('', null, response.status)
  if (envelope.code !== SUCCESS_CODE)
    throw new PortalCallError(envelope.message ?? '', envelope.code, response.status)
  return envelope.data
}

/** The text a refused call shows on its form, in the words the console uses for the same code. */
export const describeFailure = (error: unknown, language: Language, t: Translate): string => {
  if (!(error instanceof PortalCallError)) return t('common:http.unknown')
  const name = error.code === null ? undefined : errorNameByCode.get(error.code)
  if (name !== undefined && hasText(language, `errors:${name}`)) return t(`errors:${name}`)
  if (error.code !== null) return error.message || t('common:http.unknown')
  if (error.status === null) return t('common:http.network')
  if (error.status >= 500) return t('common:http.server')
  return t('common:http.unknown')
}

const isInstant = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value))

const asSession = (data: unknown): SessionToken => {
  const candidate = data as Partial<SessionToken> | null
  if (typeof candidate?.token !== 'string' || candidate.token === '' || !isInstant(candidate.expiresAt))
    throw new PortalCallError('', null, 200)
  return { token: candidate.token, expiresAt: candidate.expiresAt }
}

const asChallenge = (data: unknown): TwoFactorChallenge | null => {
  const candidate = data as Partial<TwoFactorChallenge> | null
  return candidate?.twoFactorRequired === true &&
    typeof candidate.challenge === 'string' &&
    candidate.challenge !== '' &&
    isInstant(candidate.expiresAt)
    ? (candidate as TwoFactorChallenge)
    : null
}

type Credentials = { email: string; password: string }

export const login = async (body: Credentials): Promise<SessionToken | TwoFactorChallenge> => {
  const data = await callPortal(AUTH_PATHS.login, body)
  return asChallenge(data) ?? asSession(data)
}

export const loginTwoFactor = async (challenge: string, code: string): Promise<SessionToken> =>
  asSession(await callPortal(AUTH_PATHS.loginTwoFactor, { challenge, code }))

export const register = async (body: Credentials): Promise<SessionToken> =>
  asSession(await callPortal(AUTH_PATHS.register, body))

export type Offer = { regions: readonly Region[]; plans: readonly TrafficPlan[] }

const listOf = <T>(data: unknown, key: string): T[] => {
  const list = (data as Record<string, unknown> | null)?.[key]
  return Array.isArray(list) ? (list as T[]) : []
}

/** The public catalogue, fetched after the first paint; a failure leaves the offer out, as before. */
export const loadOffer = async (): Promise<Offer> => {
  const [catalog, plans] = await Promise.all([
    callPortal('/catalog/static-ip').catch(() => null),
    callPortal('/catalog/traffic-plans').catch(() => null),
  ])
  return { regions: listOf<Region>(catalog, 'regions'), plans: listOf<TrafficPlan>(plans, 'plans') }
}
