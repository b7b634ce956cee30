import { createHash } from "node:crypto";
import { Secret, TOTP, URI } from "otpauth";
import { describe, expect, it } from "vitest";
import {
  consumeRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  totpStepAt,
  totpUri,
  verifyTotp,
} from "./totp.js";

// The RFC 6238 appendix B SHA-1 key ("12345678901234567890"), so one case is checked against the RFC
// itself rather than against the library that also produces the codes.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const AT = new Date("2026-03-14T09:26:53.000Z");
const PERIOD_MS = TOTP_PERIOD_SECONDS * 1000;

/** What an authenticator app shows at `time`, generated independently of the code under test. */
function appCode(time: Date, secret = SECRET): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: time.getTime(),
  });
}

function shifted(time: Date, steps: number): Date {
  return new Date(time.getTime() + steps * PERIOD_MS);
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

describe("newTotpSecret", () => {
  it("makes a fresh 160-bit base32 secret each time", () => {
    const a = newTotpSecret();
    const b = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(Secret.fromBase32(a).bytes).toHaveLength(20);
    expect(a).not.toBe(b);
  });
});

describe("verifyTotp", () => {
  it("accepts the RFC 6238 test vector (T = 1111111109 s, truncated to 6 digits)", () => {
    const at = new Date(1_111_111_109_000);
    expect(verifyTotp({ secret: RFC_SECRET, code: "081804", at, lastUsedStep: null })).toEqual({
      ok: true,
      step: 37_037_036,
    });
  });

  it("accepts the code of the current step and returns that step", () => {
    const result = verifyTotp({ secret: SECRET, code: appCode(AT), at: AT, lastUsedStep: null });
    expect(result).toEqual({ ok: true, step: Math.floor(AT.getTime() / PERIOD_MS) });
    expect(totpStepAt(AT)).toBe(Math.floor(AT.getTime() / PERIOD_MS));
  });

  it("accepts the previous and the next step, for clock drift", () => {
    const step = totpStepAt(AT);
    const previous = appCode(shifted(AT, -1));
    const next = appCode(shifted(AT, 1));
    expect(verifyTotp({ secret: SECRET, code: previous, at: AT, lastUsedStep: null })).toEqual({
      ok: true,
      step: step - 1,
    });
    expect(verifyTotp({ secret: SECRET, code: next, at: AT, lastUsedStep: null })).toEqual({
      ok: true,
      step: step + 1,
    });
  });

  it("refuses a code two steps away on either side", () => {
    for (const steps of [-2, 2]) {
      const code = appCode(shifted(AT, steps));
      expect(verifyTotp({ secret: SECRET, code, at: AT, lastUsedStep: null })).toEqual({ ok: false });
    }
  });

  it("refuses a code of another secret", () => {
    const code = appCode(AT, newTotpSecret());
    // A 1-in-10⁶ chance that another secret shows the same digits in the window is not worth a flake.
    const sameDigits = [-1, 0, 1].some((s) => appCode(shifted(AT, s)) === code);
    expect(verifyTotp({ secret: SECRET, code, at: AT, lastUsedStep: null })).toEqual(
      sameDigits ? expect.objectContaining({ ok: true }) : { ok: false },
    );
  });

  it("never accepts a step twice: refuses any step at or before the last used one", () => {
    const step = totpStepAt(AT);
    const code = appCode(AT);
    const first = verifyTotp({ secret: SECRET, code, at: AT, lastUsedStep: step - 1 });
    expect(first).toEqual({ ok: true, step });
    // The same code replayed, a few seconds later and still inside the window.
    const later = new Date(AT.getTime() + 20_000);
    expect(verifyTotp({ secret: SECRET, code, at: later, lastUsedStep: step })).toEqual({ ok: false });
    // An older code from the window, after a newer one was used.
    const previous = appCode(shifted(AT, -1));
    expect(verifyTotp({ secret: SECRET, code: previous, at: AT, lastUsedStep: step })).toEqual({
      ok: false,
    });
  });

  it("accepts only exactly six ASCII digits", () => {
    const code = appCode(AT);
    const inputs = [
      code.slice(0, 5),
      `${code}0`,
      `${code.slice(0, 5)}x`,
      ` ${code}`,
      `${code} `,
      `${code.slice(0, 3)} ${code.slice(3)}`,
      // Fullwidth digits, and a 6-character string whose UTF-8 form is 7 bytes (must not throw).
      code.replace(/[0-9]/g, (d) => String.fromCharCode(0xff10 + Number(d))),
      `${code.slice(0, 5)}é`,
      "",
    ];
    for (const input of inputs) {
      expect(verifyTotp({ secret: SECRET, code: input, at: AT, lastUsedStep: null })).toEqual({ ok: false });
    }
  });

  it("throws on an invalid date rather than checking against step NaN", () => {
    expect(() =>
      verifyTotp({ secret: SECRET, code: "123456", at: new Date(Number.NaN), lastUsedStep: null }),
    ).toThrow(RangeError);
  });
});

describe("totpUri", () => {
  it("names issuer, label, secret, algorithm, period and digits", () => {
    const uri = totpUri({ secret: SECRET, issuer: "Brokerage Back Office", label: "alice@example.com" });
    const url = new URL(uri);
    expect(url.protocol).toBe("otpauth:");
    expect(uri.startsWith("otpauth://totp/Brokerage%20Back%20Office:alice%40example.com?")).toBe(true);
    expect(url.searchParams.get("issuer")).toBe("Brokerage Back Office");
    expect(url.searchParams.get("secret")).toBe(SECRET);
    expect(url.searchParams.get("algorithm")).toBe("SHA1");
    expect(url.searchParams.get("digits")).toBe(String(TOTP_DIGITS));
    expect(url.searchParams.get("period")).toBe(String(TOTP_PERIOD_SECONDS));

    // What an app reads back from the QR code produces the codes the server accepts.
    const parsed = URI.parse(uri);
    expect(parsed).toBeInstanceOf(TOTP);
    expect(parsed.label).toBe("alice@example.com");
    expect(parsed.issuer).toBe("Brokerage Back Office");
    const code = (parsed as TOTP).generate({ timestamp: AT.getTime() });
    expect(verifyTotp({ secret: SECRET, code, at: AT, lastUsedStep: null }).ok).toBe(true);
  });

  it("refuses a colon or an empty value in issuer or label", () => {
    expect(() => totpUri({ secret: SECRET, issuer: "A:B", label: "alice" })).toThrow(RangeError);
    expect(() => totpUri({ secret: SECRET, issuer: "Brokerage", label: "x:alice" })).toThrow(RangeError);
    expect(() => totpUri({ secret: SECRET, issuer: "", label: "alice" })).toThrow(RangeError);
  });
});

describe("recovery codes", () => {
  const CODE_SHAPE = new RegExp(
    `^[${RECOVERY_CODE_ALPHABET}]{4}-[${RECOVERY_CODE_ALPHABET}]{4}-[${RECOVERY_CODE_ALPHABET}]{4}$`,
  );

  it("uses an unambiguous 32-symbol alphabet, so 12 symbols carry 60 bits", () => {
    expect(new Set(RECOVERY_CODE_ALPHABET).size).toBe(32);
    expect(RECOVERY_CODE_ALPHABET).not.toMatch(/[0o1l]/i);
    expect(12 * Math.log2(RECOVERY_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(60);
  });

  it("makes ten distinct xxxx-xxxx-xxxx codes by default, with the digests of their normal form", () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(CODE_SHAPE);
    expect(hashes).toEqual(codes.map((code) => sha256(code.replaceAll("-", ""))));
    expect(newRecoveryCodes(3).codes).toHaveLength(3);
    expect(() => newRecoveryCodes(0)).toThrow(RangeError);
  });

  it("normalises case, dashes and spaces", () => {
    expect(normaliseRecoveryCode("ABCD-efgh-1234")).toBe("abcdefgh1234");
    expect(normaliseRecoveryCode(" abcd efgh 1234 ")).toBe("abcdefgh1234");
    expect(normaliseRecoveryCode("AbCdEfGh1234")).toBe("abcdefgh1234");
  });

  it("matches a code however it is retyped", () => {
    const { codes, hashes } = newRecoveryCodes();
    const code = codes[4] ?? "";
    const plain = code.replaceAll("-", "");
    const variations = [
      code,
      code.toUpperCase(),
      plain,
      ` ${code.replaceAll("-", " ")} `,
      `${plain.slice(0, 6).toUpperCase()}-${plain.slice(6)}`,
    ];
    for (const input of variations) {
      expect(sha256(normaliseRecoveryCode(input))).toBe(hashes[4]);
      expect(consumeRecoveryCode(hashes, input)).toEqual(hashes.filter((_, i) => i !== 4));
    }
  });

  it("removes exactly the used code, and a second use of it fails", () => {
    const { codes, hashes } = newRecoveryCodes();
    const used = codes[2] ?? "";
    const remaining = consumeRecoveryCode(hashes, used);
    expect(remaining).toEqual([...hashes.slice(0, 2), ...hashes.slice(3)]);
    expect(hashes).toHaveLength(10);
    expect(consumeRecoveryCode(remaining ?? [], used)).toBeNull();
    // The others still work.
    expect(consumeRecoveryCode(remaining ?? [], codes[7] ?? "")).toHaveLength(8);
  });

  it("returns null for a wrong or malformed code", () => {
    const { hashes } = newRecoveryCodes();
    const other = newRecoveryCodes(1).codes[0] ?? "";
    expect(consumeRecoveryCode(hashes, other)).toBeNull();
    expect(consumeRecoveryCode(hashes, "")).toBeNull();
    expect(consumeRecoveryCode(hashes, "0000-0000-0000")).toBeNull();
    expect(consumeRecoveryCode([], other)).toBeNull();
    // A stored value that is not a digest is skipped, not a crash.
    expect(consumeRecoveryCode(["not-hex", ...hashes], other)).toBeNull();
  });
});
