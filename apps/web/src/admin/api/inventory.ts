// The address inventory as operators manage it: the filtered, paged list; an import (a dry run first);
// retiring and restoring one address. Region names for the filter come from the public catalogue.
import {
  type InventoryImportInput,
  type InventoryQuery,
  importInventory,
  listInventory,
  type RestoreInput,
  restoreInventoryAddress,
  retireInventoryAddress,
} from '@proxy/contract/admin/inventory'
import { getStaticIpCatalog } from '@proxy/contract/static-ip/catalog'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../shared/http/call-endpoint.ts'

const inventoryKeys = {
  all: ['admin', 'inventory'] as const,
  list: (query: InventoryQuery) => ['admin', 'inventory', 'list', query] as const,
}

export const useInventory = (query: InventoryQuery) =>
  useQuery({
    queryKey: inventoryKeys.list(query),
    queryFn: () =>
      callEndpoint(listInventory, {
        query: Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)),
      }),
    placeholderData: keepPreviousData,
  })

/** Every region the catalogue sells, for the region filter (its ids are what inventory rows name). */
export const useRegions = () =>
  useQuery({
    queryKey: ['admin', 'inventory', 'regions'],
    queryFn: async () => (await callEndpoint(getStaticIpCatalog)).regions,
    staleTime: 5 * 60_000,
  })

/** A dry run writes nothing, so only a real import refreshes the list. */
export const useInventoryImport = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: InventoryImportInput) => callEndpoint(importInventory, { body }),
    onSuccess: (result) =>
      result.dryRun ? undefined : queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  })
}

export type AddressChange =
  | { id: string; action: 'retire'; reason: string }
  | ({ id: string; action: 'restore' } & RestoreInput)

export const useAddressChange = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, action, ...body }: AddressChange) =>
      callEndpoint(action === 'retire' ? retireInventoryAddress : restoreInventoryAddress, {
        params: { id },
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  })
}
