/** What other modules use of trading (CONTRIBUTING, "A server module"): they import it from here. */
export {
  MARGIN_CALLS,
  publishMarginCall,
  publishTradeChange,
  TRADE_CHANGES,
  type MarginCall,
} from "./engine/changes.js";
export type { LeaderTask } from "./engine/engine.js";
export { bookAll, heldOf, referenceOf } from "./money.js";
export { currentPrice, forgetTradingConfig, instrumentOf, priceText, tradingConfig } from "./pricing.js";
export {
  INDEXED_STATE_GROUPS,
  insertOrder,
  lockOrder,
  openPositions,
  transition,
  type TradeOrderRow,
} from "./repository.js";
export {
  allotReviewed,
  declineReviewed,
  lockReviewed,
  reviewedMessageParams,
  reviewedSubject,
} from "./reviewed.js";
export { offerQueries } from "./offer-tables.js";
export { marginStatus } from "./margin-ladder.js";
export { rule } from "./rules.js";
export type { TradeChange } from "./service.js";
export { checkTradingSetting } from "./setting-check.js";
export { decimalsOf, positionTerms, toTradeOrder } from "./view.js";
