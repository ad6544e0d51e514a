// DELETE /user/alerts/:id.
import { deleteAlertRule } from '@proxy/contract/alerts/rules'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { alertRulesKey } from './keys.ts'

export const useDeleteAlertRule = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteAlertRule, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertRulesKey }),
  })
}
