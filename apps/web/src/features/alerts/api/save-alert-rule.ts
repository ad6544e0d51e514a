// POST /user/alerts and PATCH /user/alerts/:id: a new rule, or changes to one (the toggle too).
import {
  type CreateAlertRuleInput,
  createAlertRule,
  type UpdateAlertRuleInput,
  updateAlertRule,
} from '@proxy/contract/alerts/rules'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { alertRulesKey } from './keys.ts'

export const useCreateAlertRule = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateAlertRuleInput) => callEndpoint(createAlertRule, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertRulesKey }),
  })
}

export const useUpdateAlertRule = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAlertRuleInput }) =>
      callEndpoint(updateAlertRule, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertRulesKey }),
  })
}
