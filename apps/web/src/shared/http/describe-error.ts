// Text for a failed call: the catalogue translation when the code is known, else the server's own words.
import i18n from 'i18next'
import type { ApiError } from './api-error.ts'

export const describeApiError = (error: ApiError): string => {
  if (error.errorName !== null) {
    // Typed as a string on purpose: a code added to the contract must not break this build's type check.
    // i18n-resources.test.ts fails until it is translated; until then the server's message is shown.
    const key: string = `errors:${error.errorName}`
    return i18n.t(key, { defaultValue: error.message })
  }
  if (error.code !== null) return error.message || i18n.t('http.unknown')
  if (error.message === 'timeout') return i18n.t('http.timeout')
  if (error.status === null) return i18n.t('http.network')
  if (error.status >= 500) return i18n.t('http.server')
  return i18n.t('http.unknown')
}
