export * from "./money.js";
export * from "./market/index.js";
