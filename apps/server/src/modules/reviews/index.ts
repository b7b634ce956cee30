/** What other modules use of reviews (CONTRIBUTING, "A server module"): they import it from here. */
export { lockScopes, needsSecondApproval } from "./four-eyes.js";
export { reviewRegistryPlugin } from "./plugin.js";
export { openReview } from "./queue.js";
export type { AfterCommit, Decider, PlatformReviewHandler, ReviewHandler, ReviewRef } from "./registry.js";
