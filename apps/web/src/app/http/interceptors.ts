// Request headers and answer handling of SPEC §7/§8: unwrap the envelope, toast failures, end the session on 401.

import { SUCCESS_CODE } from '@proxy/contract/wire'
import {
  AxiosError,
  AxiosHeaders,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import { ApiError } from '../../shared/http/api-error.ts'

export const REQUEST_LANGUAGE = 'zh-CN'
export const CURRENCY_CODE = 'CNY'

export type InterceptorDeps = {
  getToken: () => string | undefined
  /** Toast text for a failure: the translated catalogue name when known, else the server's message. */
  describe: (error: ApiError) => string
  notifyError: (text: string, key: string) => void
  /** A request that carried a token was answered 401: the session is over. */
  onUnauthorized: () => void
}

type Envelope = { code: number; message: string; data?: unknown }

const isEnvelope = (body: unknown): body is Envelope =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as Envelope).code === 'number' &&
  typeof (body as Envelope).message === 'string'

// Blob.text() is missing from older engines (and jsdom); FileReader reads the same.
const readBlob = (blob: Blob): Promise<string> =>
  typeof blob.text === 'function'
    ? blob.text()
    : new Promise((done, fail) => {
        const reader = new FileReader()
        reader.onload = () => done(String(reader.result))
        reader.onerror = () => fail(reader.error)
        reader.readAsText(blob)
      })

// Text and blob downloads carry a failure's envelope as text.
const parseBody = async (body: unknown): Promise<unknown> => {
  const text = body instanceof Blob ? await readBlob(body).catch(() => '') : body
  if (typeof text !== 'string') return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

const sentWithToken = (config: InternalAxiosRequestConfig | undefined): boolean => {
  const header = AxiosHeaders.from(config?.headers ?? {}).get('Authorization')
  return typeof header === 'string' && header.replace(/^Bearer\s*/, '').length > 0
}

const toApiError = async (error: AxiosError): Promise<ApiError> => {
  const body = await parseBody(error.response?.data)
  const status = error.response?.status ?? null
  if (isEnvelope(body)) return new ApiError(body.message, body.code, status)
  const message =
    error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT ? 'timeout' : ''
  return new ApiError(message || error.message, null, status)
}

export const installInterceptors = (instance: AxiosInstance, deps: InterceptorDeps): void => {
  const report = (error: ApiError, config: InternalAxiosRequestConfig | undefined): void => {
    if (!config?.silent)
      deps.notifyError(deps.describe(error), `api-error-${error.code ?? error.status ?? 'network'}`)
  }

  instance.interceptors.request.use((config) => {
    config.headers.set('Authorization', `Bearer ${deps.getToken() ?? ''}`)
    config.headers.set('Accept-Language', REQUEST_LANGUAGE)
    config.headers.set('currencyCode', CURRENCY_CODE)
    return config
  })

  instance.interceptors.response.use(
    // The interceptor hands callers the envelope's data instead of the axios response.
    (response: AxiosResponse) => {
      if (response.config.rawResponse) return response
      const body = response.data
      if (!isEnvelope(body)) return body
      if (body.code === SUCCESS_CODE) return body.data
      const error = new ApiError(body.message, body.code, response.status)
      report(error, response.config)
      return Promise.reject(error)
    },
    async (error: unknown) => {
      if (!(error instanceof AxiosError) || error.code === AxiosError.ERR_CANCELED)
        return Promise.reject(error)
      const apiError = await toApiError(error)
      report(apiError, error.config)
      if (apiError.status === 401 && sentWithToken(error.config)) deps.onUnauthorized()
      return Promise.reject(apiError)
    },
  )
}
