import { describe, expect, it } from "vitest";
import { articleRequest, type ArticleFormValues } from "../news/form";

const article: ArticleFormValues = {
  category: "hot",
  lang: "en",
  title: "Markets open higher",
  summary: "",
  body: "Indices rose in early trade.",
  reason: "Morning bulletin",
};

describe("a form's free-text refusal", () => {
  it("says what is wrong with a field that hides a direction control", () => {
    expect(articleRequest({ ...article, title: "Markets \u202Eopen" }, undefined).problems).toEqual([
      { name: "title", key: "common.plainText" },
    ]);
  });

  it("says so for stacked marks in the reason too, and keeps the field's own wording otherwise", () => {
    const { problems } = articleRequest(
      { ...article, title: "", reason: "okx\u0301\u0316\u0317\u0318" },
      undefined,
    );
    expect(problems).toEqual([
      { name: "title", key: "news.problems.title", params: { max: expect.any(String) as string } },
      { name: "reason", key: "common.plainText" },
    ]);
  });

  it("accepts Hindi and Korean as they are", () => {
    const { request } = articleRequest(
      { ...article, title: "श्री क्षत्रिय", body: "한국 증시 상승" },
      undefined,
    );
    expect(request?.title).toBe("श्री क्षत्रिय");
  });
});
