// Customers as operators see them: the paged search, one customer, suspend / restore, wallet adjustments,
// their static IPs with an address replacement from the inventory, their wallet entries and traffic
// packages, and a password-reset mail.
import {
  type AdjustmentInput,
  adjustCustomerWallet,
  type CustomerQuery,
  type CustomerTrafficPackageQuery,
  getCustomer,
  listCustomerStaticIps,
  listCustomers,
  listCustomerTrafficPackages,
  listCustomerTransactions,
  type ReplaceAddressInput,
  replaceInstanceAddress,
  restoreCustomer,
  sendPasswordResetMail,
  suspendCustomer,
} from '@proxy/contract/admin/customers'
import { listInventory } from '@proxy/contract/admin/inventory'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../shared/http/call-endpoint.ts'

const customerKeys = {
  all: ['admin', 'customers'] as const,
  list: (query: CustomerQuery) => ['admin', 'customers', 'list', query] as const,
  one: (id: string) => ['admin', 'customers', 'one', id] as const,
  staticIps: (id: string, page: number) => ['admin', 'customers', 'static-ips', id, page] as const,
  transactions: (id: string, page: number, pageSize: number) =>
    ['admin', 'customers', 'transactions', id, page, pageSize] as const,
  packages: (id: string, query: CustomerTrafficPackageQuery) =>
    ['admin', 'customers', 'traffic-packages', id, query] as const,
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

/** A page of the customer's static IPs, newest first (every status). */
export const useCustomerStaticIps = (id: string, page: number, pageSize = 10) =>
  useQuery({
    queryKey: customerKeys.staticIps(id, page),
    queryFn: () => callEndpoint(listCustomerStaticIps, { params: { id }, query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  })

/** A page of the customer's wallet entries, newest first. */
export const useCustomerTransactions = (id: string, page: number, pageSize = 10) =>
  useQuery({
    queryKey: customerKeys.transactions(id, page, pageSize),
    queryFn: () => callEndpoint(listCustomerTransactions, { params: { id }, query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  })

/** A page of the customer's traffic packages, soonest expiry first, of one status or all. */
export const useCustomerTrafficPackages = (id: string, query: CustomerTrafficPackageQuery) =>
  useQuery({
    queryKey: customerKeys.packages(id, query),
    queryFn: () => callEndpoint(listCustomerTrafficPackages, { params: { id }, query }),
    placeholderData: keepPreviousData,
  })

/** The customer's live traffic packages (the first hundred): what a traffic refund may give back. */
export const useActiveTrafficPackages = (id: string) =>
  useCustomerTrafficPackages(id, { page: 1, pageSize: 100, status: 'active' })

/** The free addresses of a region an IP may move to (the first hundred), while `regionId` is set. */
export const useAvailableAddresses = (regionId: string | null) =>
  useQuery({
    queryKey: ['admin', 'inventory', 'available', regionId ?? ''] as const,
    queryFn: () =>
      callEndpoint(listInventory, {
        query: { regionId: regionId ?? '', status: 'available', page: 1, pageSize: 100 },
      }),
    enabled: regionId !== null,
  })

/**
 * Moves one of the customer's IPs to another address; the customer and the inventory are read again,
 * after a refusal too (the chosen address may have been taken meanwhile).
 */
export const useReplaceAddress = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ instanceId, body }: { instanceId: string; body: ReplaceAddressInput }) =>
      callEndpoint(replaceInstanceAddress, { params: { id: instanceId }, body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'inventory'] }),
      ]),
  })
}

export const usePasswordResetMail = (id: string) =>
  useMutation({
    mutationFn: (reason: string) => callEndpoint(sendPasswordResetMail, { params: { id }, body: { reason } }),
  })
