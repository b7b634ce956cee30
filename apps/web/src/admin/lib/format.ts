import { formatZoneOffset } from "../../lib/format";
import { adminI18n } from "./i18nInstance";

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the staff member's local date and time, to the second, naming the zone
 * ("2025-03-01 14:02:09 GMT+8" style).
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const language = adminI18n.language || "en";
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === "en" ? "en-CA" : language, {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formats.set(language, format);
  }
  return `${format.format(date)} ${formatZoneOffset(undefined, date)}`;
}
