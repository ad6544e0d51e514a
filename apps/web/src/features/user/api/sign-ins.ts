// GET /user/sign-ins: sign-in attempts on the account, newest first, one page at a time.
import { listSignIns } from '@proxy/contract/user/endpoints'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export const signInsQueryKey = ['user', 'sign-ins'] as const

export const useSignIns = ({ page, pageSize }: { page: number; pageSize: number }) =>
  useQuery({
    queryKey: [...signInsQueryKey, { page, pageSize }],
    queryFn: () => callEndpoint(listSignIns, { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  })
