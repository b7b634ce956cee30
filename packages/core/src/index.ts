export * from "./money.js";
