import {
  adminNewsSaveRequest,
  LANGUAGE_CODES,
  LANGUAGES,
  NEWS_BODY_MAX,
  NEWS_SUMMARY_MAX,
  NEWS_TITLE_MAX,
  type AdminNewsArticle,
  type AdminNewsSaveRequest,
  type LanguageCode,
  type NewsCategory,
} from "@brokerage/api";
import type { FieldProblem } from "../layout/FormDrawer";
import { textProblemKey } from "../lib/problems";

/** The drawer's form. `symbol` is asked for (and sent) only for a `stock` article. */
export interface ArticleFormValues {
  category: NewsCategory;
  lang: LanguageCode;
  title: string;
  summary: string;
  body: string;
  symbol?: string;
  reason: string;
}

/** The stored language code whose back-office tag is `tag` ("zh-TW" → "zh"); English when none is. */
export const languageOfTag = (tag: string): LanguageCode =>
  LANGUAGE_CODES.find((code) => LANGUAGES[code].tag === tag) ?? "en";

/** A new article: hot news, in the language the staff member is using the back office in. */
export const newArticle = (lang: LanguageCode): ArticleFormValues => ({
  category: "hot",
  lang,
  title: "",
  summary: "",
  body: "",
  symbol: "",
  reason: "",
});

/** A published article as the form's values (the reason starts empty: each correction gives its own). */
export const toForm = (article: AdminNewsArticle): ArticleFormValues => ({
  category: article.category,
  lang: article.lang,
  title: article.title,
  summary: article.summary,
  body: article.body,
  symbol: article.symbol ?? "",
  reason: "",
});

const FIELDS: readonly (keyof ArticleFormValues)[] = [
  "category",
  "lang",
  "title",
  "summary",
  "body",
  "symbol",
  "reason",
];

/** The form field of a server or schema path; undefined when it names none of them. */
export const fieldOf = (path: string | undefined): keyof ArticleFormValues | undefined =>
  FIELDS.find((f) => f === path);

/** Messages by field for what the contract refuses (the server says the same; this saves a round trip). */
const PROBLEMS: Partial<Record<keyof ArticleFormValues, Omit<FieldProblem, "name">>> = {
  title: { key: "news.problems.title", params: { max: String(NEWS_TITLE_MAX) } },
  summary: { key: "news.problems.summary", params: { max: String(NEWS_SUMMARY_MAX) } },
  body: { key: "news.problems.body", params: { max: NEWS_BODY_MAX.toLocaleString("en-US") } },
  symbol: { key: "news.problems.symbol" },
  reason: { key: "news.problems.reason" },
};

/** The `news/save` request of the form, checked by the contract's own schema before sending. */
export function articleRequest(
  values: ArticleFormValues,
  id: string | undefined,
): { request?: AdminNewsSaveRequest; problems: FieldProblem[] } {
  const raw = {
    ...(id ? { id } : {}),
    category: values.category,
    lang: values.lang,
    title: values.title.trim(),
    summary: values.summary.trim(),
    body: values.body.trim(),
    // A hot article names no instrument, whatever was typed before the section was changed.
    symbol: values.category === "stock" ? (values.symbol ?? "").trim().toUpperCase() : null,
    reason: values.reason.trim(),
  };
  const parsed = adminNewsSaveRequest.safeParse(raw);
  if (parsed.success) return { request: parsed.data, problems: [] };
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const issue of parsed.error.issues) {
    const name = fieldOf(String(issue.path[0])) ?? "title";
    if (seen.has(name)) continue;
    seen.add(name);
    problems.push({
      name,
      ...(textProblemKey(issue.message) ?? PROBLEMS[name] ?? { key: "news.problems.required" }),
    });
  }
  return { problems };
}
