/**
 * What other modules use of placements (CONTRIBUTING, "A server module"): the audit target of an offer.
 * The routes are registered by app.ts from their files.
 */
export { offerTarget } from "./admin-service.js";
