// The ledger module's public face: all that other modules may import from it (npm run deps checks).

export { type InvariantChecks, ledgerInvariants, ledgerTransactionsOf } from './invariants.ts'
export type { MoneyContext, WalletCharge } from './ledger.service.ts'
export {
  assertCharged,
  chargeCtes,
  chargeOutcome,
  chargeWallet,
  createWalletAccount,
  postLedgerTransaction,
  settled,
  systemAccountId,
  walletAccountId,
  walletBalance,
  walletBalances,
} from './ledger.service.ts'
export { alreadyRefunded, isRefunded, refundToWallet } from './refund.service.ts'
export {
  DEFAULT_TIME_ZONE,
  exportTransactionsCsv,
  listTransactions,
  zonedTimestamp,
} from './transactions.service.ts'
export { walletCentsOf, walletOf } from './wallet-balance.service.ts'
