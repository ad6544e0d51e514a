// GET /user/receipts/:id: one receipt or credit note with everything it prints (it never changes).
import { getReceipt } from '@proxy/contract/receipts/endpoints'
import { useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { receiptsQueryKey } from './list-receipts.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isReceiptId = (id: string | undefined): id is string => id !== undefined && UUID.test(id)

export const useReceipt = (id: string) =>
  useQuery({
    queryKey: [...receiptsQueryKey, 'document', id],
    queryFn: () => callEndpoint(getReceipt, { params: { id } }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
