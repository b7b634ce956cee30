/** The ledger (DESIGN §5): features book money only through these. */
export { book, bookMany, type Booked, type Booking, type Cause } from "./book.js";
export { idempotent, requestHash, type AtEnd, type CallContext, type IdempotentCall } from "./idempotency.js";
export { userWallets, type Wallet } from "./balances.js";
export { amountAtScale } from "./amounts.js";
export { checkLedger, ledgerSize, type LedgerProblem, type LedgerSize } from "./check.js";
export { executePrepared } from "./pooled.js";
