export * from "./nav.js";
export * from "./measures.js";
