// The catalogue as operators manage it: regions, traffic plans and term discounts, read whole; each
// write refreshes it (and the customer catalogue this browser may hold is left to its own freshness).
import {
  type CreatePlanInput,
  type CreateRegionInput,
  createAdminPlan,
  createAdminRegion,
  getAdminCatalogue,
  type SetDiscountsInput,
  setAdminDiscounts,
  type UpdatePlanInput,
  type UpdateRegionInput,
  updateAdminPlan,
  updateAdminRegion,
} from '@proxy/contract/admin/catalogue'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../shared/http/call-endpoint.ts'

const catalogueKey = ['admin', 'catalogue'] as const

export const useAdminCatalogue = () =>
  useQuery({ queryKey: catalogueKey, queryFn: () => callEndpoint(getAdminCatalogue) })

const useCatalogueWrite = <V, R>(write: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKey }),
  })
}

export const useUpdateRegion = () =>
  useCatalogueWrite(({ id, body }: { id: string; body: UpdateRegionInput }) =>
    callEndpoint(updateAdminRegion, { params: { id }, body }),
  )

export const useCreateRegion = () =>
  useCatalogueWrite((body: CreateRegionInput) => callEndpoint(createAdminRegion, { body }))

export const useUpdatePlan = () =>
  useCatalogueWrite(({ id, body }: { id: string; body: UpdatePlanInput }) =>
    callEndpoint(updateAdminPlan, { params: { id }, body }),
  )

export const useCreatePlan = () =>
  useCatalogueWrite((body: CreatePlanInput) => callEndpoint(createAdminPlan, { body }))

export const useSetDiscounts = () =>
  useCatalogueWrite((body: SetDiscountsInput) => callEndpoint(setAdminDiscounts, { body }))
