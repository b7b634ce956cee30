/**
 * Spec §2 names a privacy policy and a user agreement but no route of their own, and routes take no
 * parameters. Both documents therefore open on /information/aboutInfo, which picks the document from the
 * router location state `{ doc }` and shows the user agreement when none is given.
 */
export const LEGAL_SCREEN = "/information/aboutInfo";
export type LegalDoc = "agreement" | "privacy";

export function legalDocOf(state: unknown): LegalDoc {
  return (state as { doc?: unknown } | null)?.doc === "privacy" ? "privacy" : "agreement";
}
