export { AlertBell, AlertsEntry } from "./components/AlertBell";
export type { AlertStock } from "./components/AlertSheet";
export { ALERTS_KEY } from "./api/alerts";
