export * from "./errors.js";
export * from "./envelope.js";
export * from "./user.js";
export * from "./common.js";
export * from "./market.js";
export * from "./admin.js";
export * from "./constants.js";
export * from "./identity.js";
