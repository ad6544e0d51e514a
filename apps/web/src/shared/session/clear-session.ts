// Ends the session on this device: both web storages, the first-visit flag and the token cookie (SPEC §4).
import Cookies from 'js-cookie'
import { FIRST_VISIT_COOKIE, TOKEN_COOKIE } from './token.ts'

export type SessionStores = {
  local: Pick<Storage, 'clear'>
  session: Pick<Storage, 'clear'>
  removeCookie: (name: string) => void
}

const browserStores = (): SessionStores => ({
  local: window.localStorage,
  session: window.sessionStorage,
  removeCookie: (name) => Cookies.remove(name, { path: '/' }),
})

export const clearSession = (stores: SessionStores = browserStores()): void => {
  stores.session.clear()
  stores.local.clear()
  stores.removeCookie(FIRST_VISIT_COOKIE)
  stores.removeCookie(TOKEN_COOKIE)
}
