// GET /user/sub-users: the sub-users with their limits and usage, a page at a time.
import { listSubUsers } from '@proxy/contract/traffic/sub-users'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { subUsersQueryKey } from './sub-user-keys.ts'

export type SubUserListRequest = { page: number; pageSize: number; q?: string }

export const subUsersQueryOptions = (request: SubUserListRequest) =>
  queryOptions({
    queryKey: [...subUsersQueryKey, 'list', request],
    queryFn: () => {
      const { q, ...paging } = request
      return callEndpoint(listSubUsers, { query: q ? { ...paging, q } : paging })
    },
    placeholderData: keepPreviousData,
    // Usage moves with every node push: a list a minute old is fresh enough, and refreshed on focus.
    staleTime: 30_000,
  })

export const useSubUsers = (request: SubUserListRequest) => useQuery(subUsersQueryOptions(request))
