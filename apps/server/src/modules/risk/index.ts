/** What other modules use of risk (CONTRIBUTING, "A server module"); its routes are registered by app.ts. */
export { SelfProtectionService } from "./protection.js";
export { RiskStatistics, type RiskDeps } from "./statistics.js";
