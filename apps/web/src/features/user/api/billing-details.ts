// GET and PUT /user/billing-details: the name, address and tax id printed on receipts issued from now on.
import {
  getBillingDetails,
  type UpdateBillingDetailsInput,
  updateBillingDetails,
} from '@proxy/contract/receipts/endpoints'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export const billingDetailsQueryKey = ['user', 'billing-details'] as const

export const useBillingDetails = () =>
  useQuery({ queryKey: billingDetailsQueryKey, queryFn: () => callEndpoint(getBillingDetails) })

export const useUpdateBillingDetails = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateBillingDetailsInput) => callEndpoint(updateBillingDetails, { body }),
    onSuccess: (saved) => queryClient.setQueryData(billingDetailsQueryKey, saved),
  })
}
