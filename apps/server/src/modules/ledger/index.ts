// The ledger module's public face: all that other modules may import from it (npm run deps checks).

export { type InvariantChecks, ledgerInvariants, ledgerTransactionsOf } from './invariants.ts'
export type { PostingContext, WalletCharge } from './ledger.service.ts'
export {
  chargeWallet,
  createWalletAccount,
  postLedgerTransaction,
  systemAccountId,
  walletAccountId,
  walletBalance,
  walletBalances,
  walletChargeCtes,
} from './ledger.service.ts'
export {
  orderPaymentRecords,
  PAYMENT_KINDS,
  type PaymentKind,
  type PaymentRecord,
  paymentRecords,
} from './payment-records.ts'
export {
  alreadyRefunded,
  isRefunded,
  notRefundable,
  type Refundable,
  type RefundItem,
  refundToWallet,
} from './refund.service.ts'
export {
  DEFAULT_TIME_ZONE,
  exportTransactionsCsv,
  listTransactions,
  zonedTimestamp,
} from './transactions.service.ts'
export { walletCentsOf, walletOf } from './wallet-balance.service.ts'
