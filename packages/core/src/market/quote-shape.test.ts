import { describe, expect, it } from "vitest";
import { DAILY_PRICE_LIMIT, EXCHANGE_CODES } from "./exchanges.js";
import { INSTRUMENTS } from "./instruments/index.js";
import { listingDetails } from "./quote-shape.js";

const first = (exchange: string) => {
  const found = INSTRUMENTS.find((i) => i.exchange === exchange);
  if (!found) throw new Error(`no instrument on ${exchange}`);
  return found;
};

describe("limit up and limit down", () => {
  it("are shown where the exchange sets a daily price limit: ±30% on KRX", () => {
    const details = listingDetails(first("KRX"), "10000");
    expect(details.limitUp).toBe("13000");
    expect(details.limitDown).toBe("7000");
  });

  it.each(["NYSE", "NASDAQ", "CRYPTO", "FX"])("are not shown on %s, which has no daily limit", (exchange) => {
    const details = listingDetails(first(exchange), "100");
    expect(details.limitUp).toBeNull();
    expect(details.limitDown).toBeNull();
    // The platform's own band on limit orders still applies there.
    expect(details.priceBand).not.toBeNull();
  });

  it("name only exchanges that exist", () => {
    for (const code of DAILY_PRICE_LIMIT) expect(EXCHANGE_CODES).toContain(code);
  });
});
