export { formatDays, formatTimeZone } from "./windowText";
