// The session lives in the `token` cookie (SPEC §4): its presence alone means "signed in".
import Cookies from 'js-cookie'

export const TOKEN_COOKIE = 'token'
export const FIRST_VISIT_COOKIE = 'firstVisit'

const isHttps = (): boolean => window.location.protocol === 'https:'

export const getToken = (): string | undefined => Cookies.get(TOKEN_COOKIE)

export const hasToken = (): boolean => Boolean(getToken())

export const storeToken = (token: string, expiresAt: string): void => {
  Cookies.set(TOKEN_COOKIE, token, {
    expires: new Date(expiresAt),
    sameSite: 'strict',
    secure: isHttps(),
    path: '/',
  })
}

export const hasSeenTour = (): boolean => Cookies.get(FIRST_VISIT_COOKIE) !== undefined

export const markTourSeen = (): void => {
  Cookies.set(FIRST_VISIT_COOKIE, '1', { expires: 365, sameSite: 'strict', secure: isHttps(), path: '/' })
}
