// GET /user/alerts: the customer's alert rules and how many they may have.
import { listAlertRules } from '@proxy/contract/alerts/rules'
import { useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { alertRulesKey } from './keys.ts'

export const useAlertRules = () =>
  useQuery({ queryKey: alertRulesKey, queryFn: () => callEndpoint(listAlertRules) })
