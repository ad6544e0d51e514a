import { errorCatalogue } from '@proxy/contract/errors'
import axios, { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios'
import { describe, expect, it, vi } from 'vitest'
import { isApiError } from '../../shared/http/api-error.ts'
import { setupAdminHttp } from './http.ts'

const answering = (status: number, body: unknown) => {
  const seen: InternalAxiosRequestConfig[] = []
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config)
    const response = { data: body, status, statusText: '', headers: {}, config }
    if (status >= 400) throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response)
    return response
  }
  const instance = axios.create({ adapter })
  const events = { onUnauthorized: vi.fn(), onPasswordChangeRequired: vi.fn() }
  setupAdminHttp(instance, events)
  return { instance, events, seen }
}

const envelope = (name: keyof typeof errorCatalogue) => ({
  code: errorCatalogue[name].code,
  message: errorCatalogue[name].message,
  data: null,
})

describe('console HTTP wiring', () => {
  it('sends the session cookie and no bearer token, and unwraps the envelope', async () => {
    const { instance, seen } = answering(200, { code: 0, message: 'ok', data: { id: 1 } })
    await expect(instance.request({ url: '/admin/auth/me' })).resolves.toEqual({ id: 1 })
    expect(seen[0]?.withCredentials).toBe(true)
    expect(seen[0]?.headers.get('Authorization')).toBeUndefined()
  })

  it('reports a lost session and a required password change, each once', async () => {
    const lost = answering(401, envelope('UNAUTHORIZED'))
    const error = await lost.instance.request({ url: '/admin/customers' }).catch((reason: unknown) => reason)
    expect(isApiError(error) && error.errorName).toBe('UNAUTHORIZED')
    expect(lost.events.onUnauthorized).toHaveBeenCalledOnce()
    expect(lost.events.onPasswordChangeRequired).not.toHaveBeenCalled()

    const locked = answering(403, envelope('PASSWORD_CHANGE_REQUIRED'))
    await expect(locked.instance.request({ url: '/admin/audit' })).rejects.toSatisfy(isApiError)
    expect(locked.events.onPasswordChangeRequired).toHaveBeenCalledOnce()
    expect(locked.events.onUnauthorized).not.toHaveBeenCalled()
  })

  it('leaves a silent call (sign-in, the session check) to its caller', async () => {
    const { instance, events } = answering(401, envelope('INVALID_CREDENTIALS'))
    await expect(instance.request({ url: '/admin/auth/login', silent: true })).rejects.toSatisfy(isApiError)
    expect(events.onUnauthorized).not.toHaveBeenCalled()
  })
})
