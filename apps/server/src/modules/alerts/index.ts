/** What other modules use of alerts (CONTRIBUTING, "A server module"): they import it from here. */
export { ALERTS_FIRED, ALERT_CHANGES, type AlertFired } from "./channels.js";
