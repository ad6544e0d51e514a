// What a server-paged list hands its table: the rows of one page, the page as the address keeps it
// (`useListParams`), and whether a filter narrows the rows (which empty state to show).
import type { ParamChanges } from '../../lib/list-params.ts'

export type ServerPaging = {
  page: number
  pageSize: number
  total: number
  onPage: (page: number, pageSize: number) => void
}

export type PagedList<T> = {
  items: T[]
  isLoading: boolean
  isFiltered: boolean
  paging: ServerPaging
}

type ListParams = { page: number; pageSize: number; update: (changes: ParamChanges) => void }

/** Joins the page in the address and the server's answer (undefined while none came yet). */
export const pagedList = <T>(
  { page, pageSize, update }: ListParams,
  data: { items: T[]; total: number } | undefined,
  state: { isLoading: boolean; isFiltered: boolean },
): PagedList<T> => ({
  items: data?.items ?? [],
  ...state,
  paging: {
    page,
    pageSize,
    total: data?.total ?? 0,
    onPage: (next, size) => update({ page: next, pageSize: size }),
  },
})
