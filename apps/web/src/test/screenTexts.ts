import { screenTextsReady } from "../lib/i18n";

// The app's router holds every screen outside the log-in flow until the locale's screens part is in
// (lib/localeParts.ts); component tests render screens directly, so they wait for it once up front.
await screenTextsReady();
