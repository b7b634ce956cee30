import {
  LEVERAGE_CLASSES as API_CLASSES,
  SETTINGS,
  SETTING_DEFAULTS,
  TRADING_MARKETS,
  type SettingKey,
} from "@brokerage/api";
import { DEFAULT_TRADING_CONFIG, LEVERAGE_CLASSES, MARKET_CODES, checkTradingConfig } from "@brokerage/core";
import { describe, expect, it } from "vitest";

/** packages/api cannot import the core: its `trading.<market>` keys copy the core's defaults, checked here. */
describe("trading.<market> configuration keys", () => {
  it("cover every market of the core", () => {
    expect([...TRADING_MARKETS].sort()).toEqual([...MARKET_CODES].sort());
  });

  it("name the core's leverage classes", () => {
    expect([...API_CLASSES]).toEqual([...LEVERAGE_CLASSES]);
  });

  it.each(MARKET_CODES)("trading.%s defaults to the core's DEFAULT_TRADING_CONFIG", (market) => {
    const key = `trading.${market}` as SettingKey;
    expect(SETTING_DEFAULTS[key]).toEqual(DEFAULT_TRADING_CONFIG[market]);
    expect(SETTINGS[key].safeParse(DEFAULT_TRADING_CONFIG[market]).success).toBe(true);
    expect(checkTradingConfig(SETTING_DEFAULTS[key], market)).toEqual(DEFAULT_TRADING_CONFIG[market]);
  });

  it.each<[string, unknown]>([
    ["a list of leverages", { leverageCaps: [5, 1] }],
    ["a leverage cap of 0", { leverageCaps: { share: 0 } }],
    ["an unknown leverage class", { leverageCaps: { bonds: 2 } }],
    ["an ascending margin-call ladder", { marginCallLevels: ["0.6", "0.8"] }],
    ["a fee rate of 1", { feeRate: "1" }],
    ["a fee rate as a number", { feeRate: 0.001 }],
    ["a negative minimum fee", { minFee: "-1" }],
    ["a stamp-duty cap of 0", { stampDutyCap: "0" }],
    ["a lock of an unknown kind", { lock: { kind: "hours", n: 1 } }],
    ["a lock of 21 trading days", { lock: { kind: "tradingDays", n: 21 } }],
    ["a liquidation share of 0", { liquidationShare: "0" }],
    ["a price band above 1", { priceBand: "1.5" }],
    ["an unknown field", { margin: "0.5" }],
  ])("refuse %s, as the core's check does", (_case, change) => {
    const value = { ...DEFAULT_TRADING_CONFIG.US, ...(change as object) };
    expect(SETTINGS["trading.US"].safeParse(value).success).toBe(false);
    expect(() => checkTradingConfig(value, "US")).toThrow();
  });

  it.each<[string, string, string | undefined]>([
    ["IN", "0.001", undefined],
    ["MY", "0.001", "1000"],
    ["MY", "0.0015", "500"],
    ["KR", "0", undefined],
  ])(
    "read a %s value stored in the former shape (stamp duty %s, cap %s) as the core maps it",
    (market, rate, cap) => {
      const key = `trading.${market}` as SettingKey;
      const { charges: _, ...rest } = DEFAULT_TRADING_CONFIG[market as keyof typeof DEFAULT_TRADING_CONFIG];
      const stored = { ...rest, stampDutyRate: rate, ...(cap === undefined ? {} : { stampDutyCap: cap }) };
      const parsed = SETTINGS[key].safeParse(stored);
      expect(parsed.success).toBe(true);
      const core = checkTradingConfig(stored, market as keyof typeof DEFAULT_TRADING_CONFIG);
      expect(parsed.data).toEqual(core);
      expect(checkTradingConfig(parsed.data, market as keyof typeof DEFAULT_TRADING_CONFIG)).toEqual(core);
    },
  );

  it.each<[string, string, boolean]>([
    ["IN", "0.8", true],
    ["FX", "0.8", false],
    ["KR", "0.3", true],
    ["MY", "0.5", false],
  ])(
    "read a %s value stored with a list of leverages (liquidation share %s, stamp duty: %s) as the core maps it",
    (market, liquidationShare, withStampDuty) => {
      const key = `trading.${market}` as SettingKey;
      const config = DEFAULT_TRADING_CONFIG[market as keyof typeof DEFAULT_TRADING_CONFIG];
      const { leverageCaps: _caps, marginCallLevels: _levels, charges, ...rest } = config;
      const stored = {
        ...rest,
        leverages: [1, 2, 5, 10],
        feeRate: "0.0007",
        liquidationShare,
        ...(withStampDuty ? { stampDutyRate: "0.0025" } : { charges }),
      };
      const parsed = SETTINGS[key].safeParse(stored);
      expect(parsed.success).toBe(true);
      const core = checkTradingConfig(stored, market as keyof typeof DEFAULT_TRADING_CONFIG);
      expect(parsed.data).toEqual(core);
      // The operator's fee stays; the caps are the market's defaults; the warnings those above the close-out.
      expect(core).toMatchObject({ feeRate: "0.0007", liquidationShare, leverageCaps: config.leverageCaps });
      expect(core.marginCallLevels).toEqual(liquidationShare === "0.3" ? ["0.8"] : ["0.8", "0.65"]);
      expect(checkTradingConfig(parsed.data, market as keyof typeof DEFAULT_TRADING_CONFIG)).toEqual(core);
    },
  );
});
