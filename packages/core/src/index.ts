export * from "./money.js";
export * from "./market/index.js";
export * from "./identity/index.js";
export * from "./ledger/index.js";
export * from "./funds/window.js";
export * from "./funds/fx/index.js";
export * from "./funds/loan/index.js";
export * from "./trading/index.js";
