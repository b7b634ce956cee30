/** What other modules use of account (CONTRIBUTING, "A server module"): they import it from here. */
export type {
  ClosedPositionSums,
  OpenPositionSums,
  PositionPerformance,
  PositionValuation,
  UnrealisedAt,
} from "./valuation.js";
export { DailyMarks, type DailyMarksOptions } from "./marks.js";
export { dayOf, dayStart } from "./days.js";
