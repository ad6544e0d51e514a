// The console's HTTP wiring on the shared axios instance: the session is the HttpOnly `admin_session`
// cookie (sent with credentials, never read here), answers are unwrapped from the envelope, failures
// become ApiErrors with a toast, and a lost session or a required password change moves the console.
import { SUCCESS_CODE } from '@proxy/contract/wire'
import { AxiosError, type AxiosInstance, type AxiosResponse } from 'axios'
import { notifyError } from '../../shared/feedback/notifier.ts'
import { ApiError } from '../../shared/http/api-error.ts'
import { adminText, translateError } from './i18n.ts'

export type AdminHttpEvents = {
  /** Any call answered 401: the session ended or never was. */
  onUnauthorized: () => void
  /** A call refused until the one-time password is changed. */
  onPasswordChangeRequired: () => void
}

const envelopeOf = (body: unknown): { code: number; message: string; data?: unknown } | null => {
  if (typeof body !== 'object' || body === null) return null
  const { code, message } = body as { code?: unknown; message?: unknown }
  return typeof code === 'number' && typeof message === 'string' ? (body as never) : null
}

export const describeAdminError = (error: ApiError): string => {
  const known = error.errorName === null ? undefined : translateError(error.errorName)
  if (known !== undefined) return known
  if (error.code !== null && error.message) return error.message
  if (error.message === 'timeout') return adminText('http.timeout')
  if (error.status === null) return adminText('http.network')
  return adminText(error.status >= 500 ? 'http.server' : 'http.unknown')
}

/** A silent call (sign-in, the session check) handles its own failure: no toast, no navigation. */
const fail = (error: ApiError, silent: boolean | undefined, events: AdminHttpEvents) => {
  if (silent) return Promise.reject(error)
  if (error.status === 401) events.onUnauthorized()
  else if (error.errorName === 'PASSWORD_CHANGE_REQUIRED') events.onPasswordChangeRequired()
  else notifyError(describeAdminError(error), `admin-error-${error.code ?? error.status}`)
  return Promise.reject(error)
}

export const setupAdminHttp = (instance: AxiosInstance, events: AdminHttpEvents): void => {
  instance.defaults.withCredentials = true
  instance.interceptors.request.use((config) => {
    config.headers.set('Accept-Language', readLanguageHeader())
    return config
  })
  instance.interceptors.response.use(
    (response: AxiosResponse) => {
      const envelope = envelopeOf(response.data)
      if (envelope === null) return response.data
      if (envelope.code === SUCCESS_CODE) return envelope.data
      return fail(
        new ApiError(envelope.message, envelope.code, response.status),
        response.config.silent,
        events,
      )
    },
    (error: unknown) => {
      if (!(error instanceof AxiosError) || error.code === AxiosError.ERR_CANCELED)
        return Promise.reject(error)
      const envelope = envelopeOf(error.response?.data)
      const status = error.response?.status ?? null
      const isTimeout = error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT
      const apiError = envelope
        ? new ApiError(envelope.message, envelope.code, status)
        : new ApiError(isTimeout ? 'timeout' : error.message, null, status)
      return fail(apiError, error.config?.silent, events)
    },
  )
}

const readLanguageHeader = (): string => document.documentElement.lang || 'zh-CN'
