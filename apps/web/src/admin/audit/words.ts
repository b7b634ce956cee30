import type { AuditEntry, AuditListEntry } from "@brokerage/api";
import type { TFunction } from "i18next";
import { adminI18n } from "../lib/i18nInstance";

/** An entry of the log viewer, or of a user's trail (which has no object nor role: the target is the user). */
export type AnyAuditEntry = AuditEntry & Partial<Pick<AuditListEntry, "actorRole" | "object">>;

/** The kinds of target the viewer names in words (`audit.object.<kind>`); others show the raw target. */
const NAMED_KINDS = new Set([
  "user",
  "staff",
  "ipo",
  "blockTrade",
  "placement",
  "channel",
  "news",
  "support",
  "config",
  "route",
  "admin",
  "institution",
  "users",
  "audit",
  "instrument",
]);

const ERROR_CODE = /^[A-Z][A-Z0-9_]+$/;

/** An error code (a refused log-in's reason, a refusal in the details) in the staff member's language. */
export function codeText(t: TFunction, text: string): string {
  return ERROR_CODE.test(text) && adminI18n.exists(`errors.${text}`) ? t(`errors.${text}`) : text;
}

/** The action's label (`auditActions.<group>.<name>`), or its key when this build does not know it. */
export const actionText = (t: TFunction, action: string): string =>
  t(`auditActions.${action}`, { defaultValue: action });

/** What the entry is about, in words: "User 13800001234", "Withdrawal #42 · 13800001234", "Setting trading.US". */
export function objectText(t: TFunction, entry: AnyAuditEntry): string {
  const object = entry.object;
  if (!object) return entry.target;
  if (object.kind === "review") {
    if (!object.review) return t("audit.object.reviewUnknown", { id: object.id });
    const kind = t(`audit.reviewKind.${object.review.kind}`, { defaultValue: object.review.kind });
    return object.review.userAccount
      ? t("audit.object.reviewOf", { kind, seq: object.review.seq, user: object.review.userAccount })
      : t("audit.object.review", { kind, seq: object.review.seq });
  }
  if (object.kind === "reviews")
    return t("audit.object.reviews", { kind: t(`kinds.${object.id}`, { defaultValue: object.id }) });
  if (!NAMED_KINDS.has(object.kind)) return entry.target;
  return t(`audit.object.${object.kind}`, { name: object.name ?? object.id });
}

/** The reason, an error code translated; null when there is none. */
export const reasonText = (t: TFunction, reason: string | null): string | null =>
  reason === null ? null : codeText(t, reason);

/** The details object of an entry, one "key: value" per item, error codes translated, for one line. */
export function detailsText(t: TFunction, details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(
      ([key, value]) => `${key}: ${typeof value === "string" ? codeText(t, value) : JSON.stringify(value)}`,
    )
    .join(" · ");
}
