/** What other modules use of settings (CONTRIBUTING, "A server module"): they import it from here. */
export { getSetting, getSettings, setSetting, storedJson } from "./service.js";
