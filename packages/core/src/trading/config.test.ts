import { describe, expect, it } from "vitest";
import { MARKET_CODES } from "../market/exchanges.js";
import { DEFAULT_TRADING_CONFIG, TradingConfigError, checkTradingConfig } from "./config.js";

describe("default trading configuration", () => {
  it.each(MARKET_CODES)("%s passes its own validation, through JSON", (market) => {
    const stored = JSON.parse(JSON.stringify(DEFAULT_TRADING_CONFIG[market])) as unknown;
    expect(checkTradingConfig(stored, market)).toEqual(DEFAULT_TRADING_CONFIG[market]);
  });

  it("charges each market's tax on sales as stamp duty", () => {
    const duty = Object.fromEntries(
      MARKET_CODES.map((m) => [
        m,
        [DEFAULT_TRADING_CONFIG[m].stampDutyRate, DEFAULT_TRADING_CONFIG[m].stampDutyCap],
      ]),
    );
    expect(duty).toEqual({
      IN: ["0.001", undefined],
      US: ["0.0000278", undefined],
      KR: ["0.002", undefined],
      MY: ["0.001", "1000"],
      TH: ["0", undefined],
      CRYPTO: ["0", undefined],
      FX: ["0", undefined],
    });
  });

  it("takes each market's price band from its exchanges", () => {
    const bands = Object.fromEntries(MARKET_CODES.map((m) => [m, DEFAULT_TRADING_CONFIG[m].priceBand]));
    expect(bands).toEqual({
      IN: "0.20",
      US: "0.10",
      KR: "0.30",
      MY: "0.30",
      TH: "0.30",
      CRYPTO: "0.20",
      FX: "0.05",
    });
  });

  it("caps leverage by ESMA's retail limits: shares 5, crypto 2, forex 30 on majors and 20 on others", () => {
    const caps = Object.fromEntries(MARKET_CODES.map((m) => [m, DEFAULT_TRADING_CONFIG[m].leverageCaps]));
    expect(caps).toEqual({
      IN: { share: 5 },
      US: { share: 5 },
      KR: { share: 5 },
      MY: { share: 5 },
      TH: { share: 5 },
      CRYPTO: { crypto: 2 },
      FX: { fxMajor: 30, fxOther: 20 },
    });
  });

  it("closes out at ESMA's 50% of the margin, with warnings at 80% and 65% before", () => {
    for (const m of MARKET_CODES) {
      expect(DEFAULT_TRADING_CONFIG[m].liquidationShare).toBe("0.5");
      expect(DEFAULT_TRADING_CONFIG[m].marginCallLevels).toEqual(["0.8", "0.65"]);
    }
  });
});

describe("checkTradingConfig refuses bad shapes with a reason", () => {
  const good = {
    leverageCaps: { share: 5 },
    feeRate: "0.0003",
    minFee: "20",
    stampDutyRate: "0.001",
    lock: { kind: "minutes", n: 5 },
    liquidationShare: "0.8",
    marginCallLevels: ["0.5"],
    priceBand: "0.1",
  };

  it("accepts a good one and returns a copy", () => {
    const checked = checkTradingConfig(good);
    expect(checked).toEqual(good);
    expect(checked.leverageCaps).not.toBe(good.leverageCaps);
  });

  it.each([
    ["not an object", null, /must be an object/],
    ["an array", [], /must be an object/],
    ["an unknown field", { ...good, fee: "1" }, /unknown field "fee"/],
    ["no leverage caps", { ...good, leverageCaps: undefined }, /leverageCaps must be an object/],
    ["caps as a list", { ...good, leverageCaps: [5] }, /leverageCaps must be an object/],
    ["an unknown class", { ...good, leverageCaps: { bonds: 5 } }, /unknown class "bonds"/],
    ["a cap of 0", { ...good, leverageCaps: { share: 0 } }, /leverage cap 0 must be a whole number/],
    ["a fractional cap", { ...good, leverageCaps: { share: 2.5 } }, /leverage cap 2.5/],
    ["a cap as text", { ...good, leverageCaps: { share: "2" } }, /leverage cap "2"/],
    ["no margin-call levels", { ...good, marginCallLevels: undefined }, /marginCallLevels must be a list/],
    [
      "a level at the close-out",
      { ...good, marginCallLevels: ["0.2"] },
      /marginCallLevels must lie in \(0.2, 1\)/,
    ],
    [
      "levels ascending",
      { ...good, marginCallLevels: ["0.3", "0.5"] },
      /marginCallLevels must lie in \(0.2, 0.3\)/,
    ],
    ["a fee rate of 1", { ...good, feeRate: "1" }, /feeRate must lie in \[0, 1\)/],
    ["a fee rate as a number", { ...good, feeRate: 0.0003 }, /feeRate must be a decimal string/],
    ["a negative minimum fee", { ...good, minFee: "-1" }, /minFee must be a decimal string/],
    ["an exponent", { ...good, stampDutyRate: "1e-3" }, /stampDutyRate must be a decimal string/],
    ["a zero liquidation share", { ...good, liquidationShare: "0" }, /liquidationShare must lie in \(0, 1\]/],
    [
      "a liquidation share above 1",
      { ...good, liquidationShare: "1.2" },
      /liquidationShare must lie in \(0, 1\]/,
    ],
    ["a zero price band", { ...good, priceBand: "0" }, /priceBand must lie in \(0, 1\]/],
    ["a zero stamp duty cap", { ...good, stampDutyCap: "0" }, /stampDutyCap must lie in \(0, ∞\)/],
    ["no lock", { ...good, lock: undefined }, /lock must be/],
    ["a lock of hours", { ...good, lock: { kind: "hours", n: 1 } }, /lock.kind must be/],
    ["a negative lock", { ...good, lock: { kind: "minutes", n: -1 } }, /lock.n must be a whole number/],
    ["a lock of 2.5 days", { ...good, lock: { kind: "tradingDays", n: 2.5 } }, /lock.n must be/],
    ["a lock of 21 trading days", { ...good, lock: { kind: "tradingDays", n: 21 } }, /from 0 to 20/],
    ["a lock with an extra field", { ...good, lock: { kind: "minutes", n: 1, x: 1 } }, /unknown field "x"/],
  ])("%s", (_, value, reason) => {
    expect(() => checkTradingConfig(value)).toThrow(TradingConfigError);
    expect(() => checkTradingConfig(value)).toThrow(reason);
  });

  it("with a market, refuses amounts finer than its currency (KRW has no decimals)", () => {
    expect(() => checkTradingConfig({ ...good, minFee: "0.5" }, "KR")).toThrow(
      /minFee 0.5 has more decimals than KRW/,
    );
    expect(checkTradingConfig({ ...good, minFee: "0.5" }, "US").minFee).toBe("0.5");
  });

  it.each<[string, unknown, string | undefined]>([
    ["leverage caps", { ...good, leverageCaps: { share: 0 } }, "leverageCaps"],
    ["margin-call levels", { ...good, marginCallLevels: ["1"] }, "marginCallLevels"],
    ["an amount finer than the currency", { ...good, minFee: "0.5" }, "minFee"],
    ["a lock kind", { ...good, lock: { kind: "hours", n: 1 } }, "lock.kind"],
    ["a lock length", { ...good, lock: { kind: "tradingDays", n: 21 } }, "lock.n"],
    ["an unknown field", { ...good, fee: "1" }, undefined],
  ])("names the field of the problem: %s", (_, value, field) => {
    let thrown: unknown;
    try {
      checkTradingConfig(value, "KR");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TradingConfigError);
    expect((thrown as TradingConfigError).field).toBe(field);
  });
});
