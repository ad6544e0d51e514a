// The sub-users a sub-user alert can watch: GET /user/sub-users, the first 100 matching what is typed
// (GET /user/sub-users/:id names one that is not among them, or answers that it was deleted).
import { getSubUser, listSubUsers } from '@proxy/contract/traffic/sub-users'
import { useQuery } from '@tanstack/react-query'
import { isApiError } from '../../../shared/http/api-error.ts'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { subUserChoicesKey, subUserNameKey } from './keys.ts'

export const SUB_USER_CHOICES = 100

export const useSubUserChoices = (q: string) =>
  useQuery({
    queryKey: subUserChoicesKey(q),
    queryFn: () =>
      callEndpoint(listSubUsers, { query: { page: 1, pageSize: SUB_USER_CHOICES, ...(q && { q }) } }),
    staleTime: 30_000,
  })

/** A watched sub-user's username; null once it is deleted (a 404, shown as such rather than as an error). */
export const useSubUserName = (id: string | undefined) =>
  useQuery({
    queryKey: subUserNameKey(id ?? ''),
    queryFn: async () => {
      try {
        return (await callEndpoint(getSubUser, { params: { id: id ?? '' }, silent: true })).username
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null
        throw error
      }
    },
    enabled: id !== undefined,
    staleTime: 60_000,
  })
