import axios, { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../shared/http/api-error.ts'
import '../../shared/http/client.ts'
import { installInterceptors } from './interceptors.ts'

type Reply = { status: number; data: unknown } | 'network'

const setup = (reply: Reply, token: string | null = 'abc') => {
  const seen: InternalAxiosRequestConfig[] = []
  const instance = axios.create({
    baseURL: '/api',
    adapter: async (config) => {
      seen.push(config)
      if (reply === 'network') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config)
      const response: AxiosResponse = {
        data: reply.data,
        status: reply.status,
        statusText: '',
        headers: {},
        config,
      }
      if (reply.status >= 200 && reply.status < 300) return response
      throw new AxiosError(
        `Request failed with status code ${reply.status}`,
        'ERR_BAD_RESPONSE',
        config,
        null,
        response,
      )
    },
  })
  const deps = {
    getToken: () => token ?? undefined,
    describe: vi.fn((error: ApiError) => `text:${error.errorName ?? error.message}`),
    notifyError: vi.fn(),
    onUnauthorized: vi.fn(),
  }
  installInterceptors(instance, deps)
  return { instance, deps, seen }
}

const envelope = (code: number, data: unknown = null, message = 'server says no') => ({ code, message, data })

describe('request headers', () => {
  it('sends the bearer token, Accept-Language zh-CN and currencyCode CNY', async () => {
    const { instance, seen } = setup({ status: 200, data: envelope(0, 1) })
    await instance.get('/user/wallet')
    const headers = seen[0]?.headers
    expect(headers?.get('Authorization')).toBe('Bearer abc')
    expect(headers?.get('Accept-Language')).toBe('zh-CN')
    expect(headers?.get('currencyCode')).toBe('CNY')
  })

  it('sends an empty bearer without a token', async () => {
    const { instance, seen } = setup({ status: 200, data: envelope(0, 1) }, null)
    await instance.get('/user/wallet')
    // `Bearer ` with nothing after it; header values lose trailing whitespace on the wire (Fetch spec) and in axios.
    expect(seen[0]?.headers.get('Authorization')).toMatch(/^Bearer ?$/)
  })
})

describe('answers', () => {
  it('hands callers the envelope data', async () => {
    const { instance, deps } = setup({ status: 200, data: envelope(0, { wallet: { balance: 1.5 } }) })
    await expect(instance.get('/user/wallet')).resolves.toEqual({ wallet: { balance: 1.5 } })
    expect(deps.notifyError).not.toHaveBeenCalled()
  })

  it('passes non-envelope bodies through (plain-text exports)', async () => {
    const { instance } = setup({ status: 200, data: 'socks5://u:p@h:1#a\n' })
    await expect(instance.get('/proxy/instances/export/all')).resolves.toBe('socks5://u:p@h:1#a\n')
  })

  it('rejects and toasts an envelope whose code is not 0', async () => {
    const { instance, deps } = setup({ status: 200, data: envelope(3001) })
    const error = await instance.get('/x').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).errorName).toBe('INSUFFICIENT_BALANCE')
    expect(deps.notifyError).toHaveBeenCalledWith('text:INSUFFICIENT_BALANCE', 'api-error-3001')
  })

  it('toasts the server message for an HTTP error with an unknown code', async () => {
    const { instance, deps } = setup({ status: 400, data: envelope(9999, null, 'odd failure') })
    const error = (await instance.post('/x').catch((caught: unknown) => caught)) as ApiError
    expect(error.status).toBe(400)
    expect(error.errorName).toBeNull()
    expect(deps.notifyError).toHaveBeenCalledWith('text:odd failure', 'api-error-9999')
  })

  it('reads an envelope from a text body (export errors)', async () => {
    const { instance } = setup({ status: 404, data: JSON.stringify(envelope(1006)) })
    const error = (await instance.get('/x').catch((caught: unknown) => caught)) as ApiError
    expect(error.errorName).toBe('NOT_FOUND')
  })

  it('reads an envelope from a blob body (file downloads)', async () => {
    const body = new Blob([JSON.stringify(envelope(1001))], { type: 'application/json' })
    const { instance, deps } = setup({ status: 400, data: body })
    const error = (await instance
      .get('/x', { responseType: 'blob', silent: true })
      .catch((caught: unknown) => caught)) as ApiError
    expect(error.errorName).toBe('VALIDATION_FAILED')
    expect(deps.notifyError).not.toHaveBeenCalled()
  })

  it('hands a rawResponse call the whole response, headers included', async () => {
    const { instance } = setup({ status: 200, data: 'a,b\n' })
    const response = await instance.get('/x', { rawResponse: true })
    expect(response.status).toBe(200)
    expect(response.data).toBe('a,b\n')
  })

  it('reports network failures without a status', async () => {
    const { instance, deps } = setup('network')
    const error = (await instance.get('/x').catch((caught: unknown) => caught)) as ApiError
    expect(error.status).toBeNull()
    expect(deps.notifyError).toHaveBeenCalledOnce()
  })
})

describe('401 and silent calls', () => {
  let result: ReturnType<typeof setup>
  beforeEach(() => {
    result = setup({ status: 401, data: envelope(1101) })
  })

  it('ends the session when the request carried a token', async () => {
    await result.instance.get('/user/me').catch(() => undefined)
    expect(result.deps.onUnauthorized).toHaveBeenCalledOnce()
    expect(result.deps.notifyError).toHaveBeenCalledOnce()
  })

  it('only toasts a 401 on a request sent without a token (failed login)', async () => {
    const { instance, deps } = setup({ status: 401, data: envelope(2002) }, null)
    await instance.post('/auth/login').catch(() => undefined)
    expect(deps.onUnauthorized).not.toHaveBeenCalled()
    expect(deps.notifyError).toHaveBeenCalledWith('text:INVALID_CREDENTIALS', 'api-error-2002')
  })

  it('shows no toast for a silent call', async () => {
    const silent = setup({ status: 500, data: 'boom' })
    await silent.instance.get('/proxy/instances/export/all', { silent: true }).catch(() => undefined)
    expect(silent.deps.notifyError).not.toHaveBeenCalled()
  })
})
