import { describe, expect, it } from "vitest";
import { MARKET_CODES } from "../market/exchanges.js";
import { DEFAULT_TRADING_CONFIG, TradingConfigError, checkTradingConfig, marketCharges } from "./config.js";

describe("default trading configuration", () => {
  it.each(MARKET_CODES)("%s passes its own validation, through JSON", (market) => {
    const stored = JSON.parse(JSON.stringify(DEFAULT_TRADING_CONFIG[market])) as unknown;
    expect(checkTradingConfig(stored, market)).toEqual(DEFAULT_TRADING_CONFIG[market]);
  });

  it("lists each market's charges besides the commission, by their legal basis", () => {
    const kinds = Object.fromEntries(
      MARKET_CODES.map((m) => [m, marketCharges(DEFAULT_TRADING_CONFIG[m]).map((c) => `${c.id}:${c.side}`)]),
    );
    expect(kinds).toEqual({
      IN: ["commission:both", "exchangeFee:both", "sebiFee:both", "stt:both", "stampDuty:buy", "gst:both"],
      US: ["commission:both", "secFee:sell", "finraTaf:sell"],
      KR: ["commission:both", "stt:sell"],
      MY: ["commission:both", "clearingFee:both", "stampDuty:both"],
      TH: ["commission:both", "exchangeFee:both", "clearingFee:both", "secFee:both", "vat:both"],
      CRYPTO: ["commission:both"],
      FX: ["commission:both"],
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
    charges: [
      { id: "stt", kind: "transactionTax", basis: { kind: "value", rate: "0.001" }, side: "sell" },
      { id: "gst", kind: "vat", basis: { kind: "charges", rate: "0.18", on: ["commission"] }, side: "both" },
    ],
    lock: { kind: "minutes", n: 5 },
    liquidationShare: "0.8",
    marginCallLevels: ["0.5"],
    priceBand: "0.1",
  };
  const { charges: _, ...withoutCharges } = good;
  /** The shape stored before charges were listed by their legal basis. */
  const legacy = { ...withoutCharges, stampDutyRate: "0.001" };
  const component = (change: Record<string, unknown>) => ({
    ...good,
    charges: [{ ...good.charges[0], ...change }],
  });

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
    ["an exponent", { ...legacy, stampDutyRate: "1e-3" }, /stampDutyRate must be a decimal string/],
    ["both shapes at once", { ...good, stampDutyRate: "0.001" }, /charges replaces stampDutyRate/],
    ["charges not a list", { ...good, charges: {} }, /charges must be a list/],
    ["a component without a basis", component({ basis: undefined }), /charges.0.basis must be/],
    ["a basis of hours", component({ basis: { kind: "hours", rate: "1" } }), /charges.0.basis.kind/],
    ["a rate of 1 on the value", component({ basis: { kind: "value", rate: "1" } }), /must be below 1/],
    ["a side of its own", component({ side: "open" }), /charges.0.side must be/],
    ["a second commission", component({ kind: "commission" }), /charges.0.kind must be one of/],
    ["a repeated id", component({ id: "commission" }), /charges.0.id must be a new name/],
    ["a minimum above the cap", component({ min: "2", max: "1" }), /min must not exceed its max/],
    [
      "VAT on a component that comes after it",
      {
        ...good,
        charges: [
          { id: "vat", kind: "vat", basis: { kind: "charges", rate: "0.07", on: ["fee"] }, side: "both" },
          { id: "fee", kind: "exchangeFee", basis: { kind: "value", rate: "0.00005" }, side: "both" },
        ],
      },
      /charges.0.basis.on must list components that come before it/,
    ],
    ["a zero liquidation share", { ...good, liquidationShare: "0" }, /liquidationShare must lie in \(0, 1\]/],
    [
      "a liquidation share above 1",
      { ...good, liquidationShare: "1.2" },
      /liquidationShare must lie in \(0, 1\]/,
    ],
    ["a zero price band", { ...good, priceBand: "0" }, /priceBand must lie in \(0, 1\]/],
    ["a zero stamp duty cap", { ...legacy, stampDutyCap: "0" }, /stampDutyCap must lie in \(0, ∞\)/],
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
    ["a cap finer than the currency", component({ max: "0.5" }), "charges.0.max"],
    ["a legacy cap finer than the currency", { ...legacy, stampDutyCap: "0.5" }, "stampDutyCap"],
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

describe("the former shape (stampDutyRate, stampDutyCap) still loads", () => {
  const stored = (market: keyof typeof DEFAULT_TRADING_CONFIG, rate: string, cap?: string) => {
    const { charges: _, ...rest } = DEFAULT_TRADING_CONFIG[market];
    return { ...rest, stampDutyRate: rate, ...(cap === undefined ? {} : { stampDutyCap: cap }) };
  };

  it.each<[keyof typeof DEFAULT_TRADING_CONFIG, string, string | undefined]>([
    ["IN", "0.001", undefined],
    ["US", "0.0000278", undefined],
    ["KR", "0.002", undefined],
    ["MY", "0.001", "1000"],
    ["TH", "0", undefined],
    ["CRYPTO", "0", undefined],
  ])("%s with the former default reads as today's sourced default", (market, rate, cap) => {
    expect(checkTradingConfig(stored(market, rate, cap), market)).toEqual(DEFAULT_TRADING_CONFIG[market]);
  });

  it("an operator's own rate is kept, as a tax on sales with its cap", () => {
    expect(checkTradingConfig(stored("MY", "0.002", "500"), "MY").charges).toEqual([
      {
        id: "stampDuty",
        kind: "stampDuty",
        basis: { kind: "value", rate: "0.002" },
        side: "sell",
        max: "500",
      },
    ]);
    expect(checkTradingConfig(stored("KR", "0"), "KR").charges).toEqual([]);
  });
});

describe("the former list of leverages still loads, as the market's default caps", () => {
  /** A value as main stored it before caps per class: `leverages`, no margin-call levels. */
  const stored = (market: keyof typeof DEFAULT_TRADING_CONFIG, leverages: number[], change: object = {}) => {
    const { leverageCaps: _caps, marginCallLevels: _levels, ...rest } = DEFAULT_TRADING_CONFIG[market];
    return { ...rest, leverages, ...change };
  };

  it("keeps the operator's fees, lock and band; the caps and warnings are the market's defaults", () => {
    const value = stored("FX", [1, 5, 10, 20, 30, 50], {
      feeRate: "0.0002",
      minFee: "1",
      lock: { kind: "minutes", n: 5 },
      priceBand: "0.04",
    });
    expect(checkTradingConfig(JSON.parse(JSON.stringify(value)), "FX")).toEqual({
      ...DEFAULT_TRADING_CONFIG.FX,
      leverageCaps: { fxMajor: 30, fxOther: 20 },
      feeRate: "0.0002",
      minFee: "1",
      lock: { kind: "minutes", n: 5 },
      priceBand: "0.04",
    });
    // The former list of 10× on shares gives way to a share's cap of 5 (the list named no class).
    expect(checkTradingConfig(stored("IN", [1, 2, 5, 10]), "IN").leverageCaps).toEqual({ share: 5 });
  });

  it("reads the former shape with a stamp duty too, and with the former automatic close", () => {
    const { charges: _, ...rest } = stored("KR", [1, 2, 5, 10]);
    // The former default: close at a loss of 80% (equity at 20%); both default warnings lie above it.
    const config = checkTradingConfig({ ...rest, stampDutyRate: "0.002", liquidationShare: "0.8" }, "KR");
    expect(config).toEqual({ ...DEFAULT_TRADING_CONFIG.KR, liquidationShare: "0.8" });
    // An automatic close at a loss of 30% (equity at 70%): the warning at 65% would come after it.
    expect(
      checkTradingConfig(stored("KR", [1, 2], { liquidationShare: "0.3" }), "KR").marginCallLevels,
    ).toEqual(["0.8"]);
  });

  it("refuses both shapes at once, a malformed list, and a list without the market to map it", () => {
    const value = stored("US", [1, 2, 5, 10]);
    expect(() => checkTradingConfig({ ...value, leverageCaps: { share: 5 } }, "US")).toThrow(
      /leverageCaps replaces leverages/,
    );
    expect(() => checkTradingConfig({ ...value, leverages: [] }, "US")).toThrow(TradingConfigError);
    expect(() => checkTradingConfig({ ...value, leverages: [0.5] }, "US")).toThrow(/leverages must be/);
    expect(() => checkTradingConfig(value)).toThrow(/give leverageCaps/);
  });
});
