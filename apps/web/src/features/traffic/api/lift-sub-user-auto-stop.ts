// POST /user/sub-users/:id/lift-auto-stop: the pause ends for today; the cap holds again tomorrow.
import { liftSubUserAutoStop } from '@proxy/contract/traffic/sub-users'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { subUsersQueryKey } from './sub-user-keys.ts'

export const useLiftSubUserAutoStop = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(liftSubUserAutoStop, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subUsersQueryKey }),
  })
}
