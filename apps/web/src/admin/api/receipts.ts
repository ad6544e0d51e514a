// The company details printed on receipts (settings.manage), and every issued receipt and credit note
// (receipts.read): the list with its search, and one document to show.
import {
  type AdminReceiptQuery,
  getAdminReceipt,
  getCompanySettings,
  listAdminReceipts,
  type UpdateCompanySettingsInput,
  updateCompanySettings,
} from '@proxy/contract/admin/receipts'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../shared/http/call-endpoint.ts'
import { setFilters } from './orders.ts'

const keys = {
  company: ['admin', 'settings', 'company'] as const,
  list: (query: AdminReceiptQuery) => ['admin', 'receipts', 'list', query] as const,
  one: (id: string) => ['admin', 'receipts', 'one', id] as const,
}

export const useCompanySettings = () =>
  useQuery({ queryKey: keys.company, queryFn: () => callEndpoint(getCompanySettings) })

export const useUpdateCompanySettings = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateCompanySettingsInput) => callEndpoint(updateCompanySettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(keys.company, saved),
  })
}

export const useAdminReceipts = (query: AdminReceiptQuery) =>
  useQuery({
    queryKey: keys.list(query),
    queryFn: () => callEndpoint(listAdminReceipts, { query: setFilters(query) }),
    placeholderData: keepPreviousData,
  })

/** One document: issued documents never change, so it is fetched once. */
export const useAdminReceipt = (id: string | null) =>
  useQuery({
    queryKey: keys.one(id ?? ''),
    queryFn: () => callEndpoint(getAdminReceipt, { params: { id: id ?? '' } }),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  })
