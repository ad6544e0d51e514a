// Paging and filters of a list kept in the address (?page=2&pageSize=50&type=topup), so a reload or a shared
// link shows the same page. Defaults are left out of the address.
import { useSearchParams } from 'react-router'

export const PAGE_SIZES = [10, 20, 50, 100] as const
export const DEFAULT_PAGE_SIZE = 20
const MAX_PAGE = 100_000

export type ListParams = { page: number; pageSize: number }
export type ParamChanges = Record<string, string | number | null | undefined>

const wholeNumber = (value: string | null): number | null => {
  if (value === null || !/^\d{1,6}$/.test(value)) return null
  return Number(value)
}

export const readListParams = (params: URLSearchParams): ListParams => {
  const page = wholeNumber(params.get('page'))
  const pageSize = wholeNumber(params.get('pageSize'))
  return {
    page: page !== null && page >= 1 && page <= MAX_PAGE ? page : 1,
    pageSize: PAGE_SIZES.find((size) => size === pageSize) ?? DEFAULT_PAGE_SIZE,
  }
}

/** A value of `options`, or undefined for anything else (an old or hand-edited address). */
export const pickOption = <T extends string>(value: string | null, options: readonly T[]): T | undefined =>
  options.find((option) => option === value)

/** Sets or removes (null, undefined, '') parameters; a change that does not name the page goes back to page 1. */
export const nextListParams = (current: URLSearchParams, changes: ParamChanges): URLSearchParams => {
  const next = new URLSearchParams(current)
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') next.delete(key)
    else next.set(key, String(value))
  }
  if (!('page' in changes) || next.get('page') === '1') next.delete('page')
  if (next.get('pageSize') === String(DEFAULT_PAGE_SIZE)) next.delete('pageSize')
  return next
}

export const useListParams = () => {
  const [params, setParams] = useSearchParams()
  const update = (changes: ParamChanges) =>
    setParams((current) => nextListParams(current, changes), { replace: true })
  return { params, ...readListParams(params), update }
}
