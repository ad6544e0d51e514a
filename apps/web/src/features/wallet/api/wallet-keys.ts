// Query keys under the wallet's: invalidating walletQueryKey refreshes the balance, orders and entries at once.
import { walletQueryKey } from '../../../shared/api/get-wallet.ts'

export const topUpQueryKey = (orderNo: string) => [...walletQueryKey, 'topup', orderNo] as const
export const topUpsQueryKey = [...walletQueryKey, 'topups'] as const
