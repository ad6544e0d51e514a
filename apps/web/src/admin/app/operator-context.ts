// The signed-in operator, handed by the guard to every page under it.
import type { Operator } from '@proxy/contract/admin/auth'
import type { Permission } from '@proxy/contract/admin/permissions'
import { useOutletContext } from 'react-router'

export type OperatorContext = { operator: Operator }

export const useSignedInOperator = (): Operator => useOutletContext<OperatorContext>().operator

export const useCan = (): ((permission: Permission) => boolean) => {
  const operator = useSignedInOperator()
  return (permission) => operator.permissions.includes(permission)
}
