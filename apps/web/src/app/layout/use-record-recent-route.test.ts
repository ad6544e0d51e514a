import { renderHook } from '@testing-library/react'
import Cookies from 'js-cookie'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readRecentRoutes } from '../../shared/recent-router/recent-router.ts'
import { useRecordRecentRoute } from './use-record-recent-route.ts'

beforeEach(() => {
  localStorage.clear()
  Cookies.set('token', 'signed-in', { path: '/' })
})
afterEach(() => Cookies.remove('token', { path: '/' }))

describe('useRecordRecentRoute', () => {
  it('records console pages', () => {
    renderHook(() => useRecordRecentRoute({ key: 'ipList', titleKey: 'titles.ipList' }, '/console/ipList'))
    expect(readRecentRoutes()).toEqual([{ title: 'titles.ipList', path: '/console/ipList' }])
  })

  it.each([
    ['forgotPassword', 'titles.forgotPassword', '/portal/forgot-password'],
    ['resetPassword', 'titles.resetPassword', '/portal/reset-password'],
    ['verifyEmail', 'titles.verifyEmail', '/portal/verify-email'],
  ] as const)('keeps the account page %s out of the recent pages', (key, titleKey, path) => {
    renderHook(() => useRecordRecentRoute({ key, titleKey }, path))
    expect(readRecentRoutes()).toEqual([])
  })

  it('records nothing once the session has ended: a page still drawing after a 401 cleared the storage', () => {
    Cookies.remove('token', { path: '/' })
    renderHook(() => useRecordRecentRoute({ key: 'ipList', titleKey: 'titles.ipList' }, '/console/ipList'))
    expect(localStorage.length).toBe(0)
  })
})
