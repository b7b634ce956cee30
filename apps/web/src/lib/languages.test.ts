import { describe, expect, it } from "vitest";
import * as contract from "@brokerage/api";
import { DEFAULT_LANGUAGES, LANGUAGES, isLanguageCode } from "./languages";

describe("the first-load copy of the contract's languages", () => {
  it("matches the contract", () => {
    expect(LANGUAGES).toEqual(contract.LANGUAGES);
    expect(DEFAULT_LANGUAGES).toEqual(contract.DEFAULT_LANGUAGES);
  });

  it("knows the stored codes, not the tags", () => {
    expect(isLanguageCode("yd")).toBe(true);
    expect(isLanguageCode("hi")).toBe(false);
    expect(isLanguageCode("toString")).toBe(false);
  });
});
