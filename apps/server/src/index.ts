// The package's programmatic surface, for tools and harnesses that start the server in-process.
export { buildApp, type AppOptions } from "./app.js";
export { openDatabase, type Database, type DatabaseTarget } from "./db/index.js";
export { bootstrap, firstStartNotice, type BootstrapSettings } from "./modules/admin/bootstrap.js";
export { ManualClock, systemClock, type Clock } from "./lib/clock.js";
