import { describe, expect, it } from "vitest";
import * as core from "../index.js";

describe("the identity entry of @brokerage/core", () => {
  it("exports the rules the server and the app call", () => {
    const rules = [
      "normaliseCardNumber",
      "isCardNumber",
      "maskCardNumber",
      "normaliseIfsc",
      "isIfsc",
      "swiftProblem",
      "isAccountNumber",
      "maskAccountNumber",
      "isBankCountry",
      "namesMatch",
      "isWalletType",
      "isWalletAddress",
      "fitsInQrCode",
      "normaliseIdNumber",
      "isIdNumberForm",
      "isMaskedIdNumber",
      "maskIdNumber",
      "nextKycState",
      "canSubmitKyc",
      "normaliseName",
      "isRealName",
    ];
    for (const name of rules) expect(typeof (core as Record<string, unknown>)[name], name).toBe("function");
    expect(core.WALLET_TYPES).toEqual(["USDT-TRC20", "USDT-ERC20", "BTC"]);
    expect(core.QR_DEFAULTS.errorCorrectionLevel).toBe("H");
    expect(core.KYC_STATES).toHaveLength(4);
  });

  it("keeps the hash and base58 helpers internal", () => {
    for (const name of ["sha256", "keccak256", "base58Decode", "utf8ByteLength"]) {
      expect(name in core, name).toBe(false);
    }
  });
});
