/** What other modules and the command line use of proof (CONTRIBUTING, "A server module"). */
export { DailyProofs, verifyProofs, type ProofDifference } from "./service.js";
