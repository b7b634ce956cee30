export * from "./money.js";
export * from "./market/index.js";
export * from "./identity/index.js";
