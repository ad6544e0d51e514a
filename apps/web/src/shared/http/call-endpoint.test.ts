import { getMe, revokeApiToken } from '@proxy/contract/user/endpoints'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ContractMismatchError } from './api-error.ts'
import { callEndpoint, fillPath, lazyEndpoint } from './call-endpoint.ts'
import { http } from './client.ts'

describe('fillPath', () => {
  it('fills and encodes path parameters', () => {
    expect(fillPath('/user/api-tokens/:id', { id: 'a b' })).toBe('/user/api-tokens/a%20b')
  })

  it('refuses a missing parameter', () => {
    expect(() => fillPath('/user/api-tokens/:id')).toThrow(/id/)
  })
})

describe('callEndpoint', () => {
  afterEach(() => vi.restoreAllMocks())

  it('answers data that matches the response schema', async () => {
    const me = {
      id: 'u1',
      email: 'a@b.co',
      name: 'A',
      createdAt: '2025-01-01T00:00:00.000Z',
      emailVerified: true,
      language: 'zh-CN',
      timeZone: 'Asia/Shanghai',
      tourSeen: true,
      twoFactor: false,
    }
    const request = vi.spyOn(http, 'request').mockResolvedValue(me)
    await expect(callEndpoint(getMe)).resolves.toEqual(me)
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ method: 'GET', url: '/user/me' }))
  })

  it('throws ContractMismatchError for an answer of the wrong shape', async () => {
    vi.spyOn(http, 'request').mockResolvedValue({ mail: 'nope' })
    await expect(callEndpoint(getMe)).rejects.toBeInstanceOf(ContractMismatchError)
  })

  it('sends DELETE with the id in the path', async () => {
    const request = vi.spyOn(http, 'request').mockResolvedValue(null)
    await callEndpoint(revokeApiToken, { params: { id: '7b0c' } })
    expect(request).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'DELETE', url: '/user/api-tokens/7b0c' }),
    )
  })

  it('sends a lazy endpoint at once and checks the answer with the contract it loads', async () => {
    const request = vi.spyOn(http, 'request').mockResolvedValue({ mail: 'nope' })
    let loaded = false
    const lazyMe = lazyEndpoint('GET', '/user/me', async () => {
      await Promise.resolve()
      loaded = true
      return getMe
    })
    const answer = callEndpoint(lazyMe)
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ method: 'GET', url: '/user/me' }))
    expect(loaded).toBe(false)
    await expect(answer).rejects.toBeInstanceOf(ContractMismatchError)
  })

  it('refuses a lazy endpoint whose contract names another call', async () => {
    vi.spyOn(http, 'request').mockResolvedValue(null)
    const wrong = lazyEndpoint('GET', '/user/me', async () => revokeApiToken as unknown as typeof getMe)
    await expect(callEndpoint(wrong)).rejects.toThrow(/GET \/user\/me loads the contract of DELETE/)
  })
})
