export * from "./institutions.js";
export * from "./users.js";
export * from "./sessions.js";
export * from "./config.js";
export * from "./admin.js";
export * from "./market.js";
export * from "./identity.js";
export * from "./ledger.js";
