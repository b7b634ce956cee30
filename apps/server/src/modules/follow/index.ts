/**
 * What other modules use of copy trading (CONTRIBUTING, "A server module"): the NAV marks' task, a
 * product's audit target, and its followers' results for the loss statistic (modules/risk). The routes are
 * registered by app.ts from their files.
 */
export { FollowMarks, type PortfolioTrading } from "./marks.js";
export { productTarget } from "./admin-service.js";
export { copyAccountResults } from "./figures.js";
export { liveProducts as liveCopyProducts } from "./repository.js";
