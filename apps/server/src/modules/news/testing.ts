/** Helpers of the news tests, and of any test that needs an article (imported by *.test.ts only). */
import type { AdminNewsArticle } from "@brokerage/api";
import { expect } from "vitest";
import { call, type Answer, type Session, type TestApp } from "../../../test/helper.js";
import { adminCall, type StaffLogin } from "../staff/testing.js";

/** A `hot` article in English as staff save it; `overrides` change any field (a `stock` one needs a symbol). */
export function newsBody(overrides: Record<string, unknown> = {}) {
  return {
    category: "hot",
    lang: "en",
    title: "Markets open higher",
    summary: "Indices rose in early trade.",
    body: "Indices rose in early trade.\n\nBanks led the gains.",
    symbol: null,
    reason: "Morning bulletin",
    ...overrides,
  };
}

export const saveNews = (t: TestApp, staff: StaffLogin, body: Record<string, unknown>): Promise<Answer> =>
  adminCall(t.app, "news/save", body, staff.headers);

/**
 * Publishes an article through the back office as `staff` (a role with news.manage), which must be
 * accepted, and answers it.
 */
export async function publishNews(
  t: TestApp,
  staff: StaffLogin,
  overrides: Record<string, unknown> = {},
): Promise<AdminNewsArticle> {
  const answer = await saveNews(t, staff, newsBody(overrides));
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as AdminNewsArticle;
}

/** A user's `news/<action>` call. */
export const news = (t: TestApp, who: Session, action: "list" | "detail", body: unknown): Promise<Answer> =>
  call(t.app, `news/${action}`, body, who.headers);
