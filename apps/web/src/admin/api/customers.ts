// Customers as operators see them: the paged search, one customer, suspend / restore, wallet adjustments.
import {
  type AdjustmentInput,
  adjustCustomerWallet,
  type CustomerQuery,
  getCustomer,
  listCustomers,
  restoreCustomer,
  suspendCustomer,
} from '@proxy/contract/admin/customers'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../shared/http/call-endpoint.ts'

const customerKeys = {
  all: ['admin', 'customers'] as const,
  list: (query: CustomerQuery) => ['admin', 'customers', 'list', query] as const,
  one: (id: string) => ['admin', 'customers', 'one', id] as const,
}

const definedOnly = (query: CustomerQuery): Record<string, string | number> =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ''))

export const useCustomers = (query: CustomerQuery) =>
  useQuery({
    queryKey: customerKeys.list(query),
    queryFn: () => callEndpoint(listCustomers, { query: definedOnly(query) }),
    placeholderData: keepPreviousData,
  })

export const useCustomer = (id: string | null) =>
  useQuery({
    queryKey: customerKeys.one(id ?? ''),
    queryFn: () => callEndpoint(getCustomer, { params: { id: id ?? '' } }),
    enabled: id !== null,
  })

export const useSuspension = (id: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ suspend, reason }: { suspend: boolean; reason: string }) =>
      callEndpoint(suspend ? suspendCustomer : restoreCustomer, { params: { id }, body: { reason } }),
    onSuccess: (detail) => {
      queryClient.setQueryData(customerKeys.one(id), detail)
      return queryClient.invalidateQueries({ queryKey: customerKeys.all })
    },
  })
}

/** One Idempotency-Key per attempt: the caller makes it when the operator confirms. */
export const useAdjustment = (id: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ body, key }: { body: AdjustmentInput; key: string }) =>
      callEndpoint(adjustCustomerWallet, { params: { id }, body, headers: { 'Idempotency-Key': key } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  })
}
