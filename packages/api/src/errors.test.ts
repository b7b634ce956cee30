import { describe, expect, it } from "vitest";
import { ERROR_CODES, renderMessage } from "./errors.js";
import { registerRequest } from "./user.js";

describe("error catalogue", () => {
  it("renders params into the English message", () => {
    expect(renderMessage("AMOUNT_BELOW_MIN", { min: "100.00" })).toBe(
      "The amount is below the minimum of 100.00",
    );
  });
  it("has unique codes", () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});

describe("registration schema", () => {
  const base = {
    account: "13800138000",
    password: "secret123",
    confirmPassword: "secret123",
    inviteCode: "ABC",
    agree: true,
  };
  it("accepts a valid request", () => {
    expect(registerRequest.safeParse(base).success).toBe(true);
  });
  it("flags mismatched passwords with their code", () => {
    const r = registerRequest.safeParse({ ...base, confirmPassword: "other1234" });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain("PASSWORDS_MISMATCH");
  });
  it("flags missing agreement with its code", () => {
    const r = registerRequest.safeParse({ ...base, agree: false });
    expect(JSON.stringify(r.error?.issues)).toContain("AGREEMENT_REQUIRED");
  });
});
