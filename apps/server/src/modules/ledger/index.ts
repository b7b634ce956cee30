/** The ledger (DESIGN §5): features book money only through these. */
export { book, bookMany, type Booked, type Booking, type Cause } from "./book.js";
export {
  MoneyCalls,
  type BookedCall,
  type MoneyCall,
  type MoneyFeature,
  type Planned,
  type PlanOutcome,
} from "./calls.js";
export { idempotent, requestHash, type IdempotentCall } from "./idempotency.js";
export { findTrader, refuseAccount, type Needs, type Standing } from "./standing.js";
export { availableOf, userWallets, type Wallet } from "./balances.js";
export { amountAtScale } from "./amounts.js";
export {
  checkLedger,
  checkLedgerAndChain,
  ledgerSize,
  type LedgerProblem,
  type LedgerSize,
} from "./check.js";
export { chainHead, checkChain, JournalSealer, type ChainBreak, type ChainCheck } from "./chain.js";
/** A statement of fixed text in a money call's transaction, planned once per connection. */
export { executeText } from "./pooled.js";
