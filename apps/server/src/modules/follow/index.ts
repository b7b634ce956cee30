/**
 * What other modules use of copy trading (CONTRIBUTING, "A server module"): the NAV marks' task. The routes
 * are registered by app.ts from their files.
 */
export { FollowMarks, type PortfolioTrading } from "./marks.js";
export { productTarget } from "./admin-service.js";
