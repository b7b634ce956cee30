import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { money } from "../money.js";
import type { Direction } from "./maths.js";
import { LimitBook, firesWhen, scaledPrice, type BookEntry, type TriggerKind } from "./orderbook.js";

const entry = (
  id: string,
  kind: TriggerKind,
  direction: Direction,
  price: string,
  symbol = "AAA",
): BookEntry => ({
  id,
  symbol,
  kind,
  direction,
  price,
});
const ids = (entries: BookEntry[]) => entries.map((e) => e.id);

describe("which side an entry fires on", () => {
  it.each([
    ["limit", "long", "atOrBelow"],
    ["limit", "short", "atOrAbove"],
    ["stopLoss", "long", "atOrBelow"],
    ["stopLoss", "short", "atOrAbove"],
    ["takeProfit", "long", "atOrAbove"],
    ["takeProfit", "short", "atOrBelow"],
  ] as const)("%s %s fires %s", (kind, direction, fires) => {
    expect(firesWhen(kind, direction)).toBe(fires);
  });
});

describe("scaled prices", () => {
  it("compare exactly, trailing zeros or not", () => {
    expect(scaledPrice("100.10")).toBe(scaledPrice("100.1"));
    expect(scaledPrice("0.0000000001")).toBe(1n);
    expect(scaledPrice(money("71300"))).toBe(713_000_000_000_000n);
    expect(scaledPrice("0.30000000000")).toBe(3_000_000_000n);
  });

  it("refuse what is not a plain non-negative price", () => {
    for (const bad of ["-1", "1e3", "", "1.", ".5", "0.00000000001", "abc"])
      expect(() => scaledPrice(bad), bad).toThrow(RangeError);
  });
});

describe("LimitBook", () => {
  it("fills a long limit when the price falls to it and a short limit when it rises to it", () => {
    const book = new LimitBook();
    book.add(entry("buy100", "limit", "long", "100.00"));
    book.add(entry("sell110", "limit", "short", "110.00"));
    expect(ids(book.crossed("AAA", "100.01"))).toEqual([]);
    expect(ids(book.crossed("AAA", "109.99"))).toEqual([]);
    expect(ids(book.crossed("AAA", "100.00"))).toEqual(["buy100"]);
    expect(ids(book.crossed("AAA", "110"))).toEqual(["sell110"]);
    expect(book.size).toBe(0);
  });

  it("fires stop-loss and take-profit of longs and shorts on the right side", () => {
    const book = new LimitBook();
    book.add(entry("sl-long", "stopLoss", "long", "90"));
    book.add(entry("tp-long", "takeProfit", "long", "120"));
    book.add(entry("sl-short", "stopLoss", "short", "120"));
    book.add(entry("tp-short", "takeProfit", "short", "90"));
    expect(ids(book.crossed("AAA", "89.5"))).toEqual(["sl-long", "tp-short"]);
    expect(ids(book.crossed("AAA", "121"))).toEqual(["tp-long", "sl-short"]);
  });

  it("answers crossed entries in price-time priority, leaving the rest", () => {
    const book = new LimitBook();
    book.add(entry("b1", "limit", "long", "100"));
    book.add(entry("b2", "limit", "long", "102"));
    book.add(entry("b3", "limit", "long", "100"));
    book.add(entry("b4", "limit", "long", "98"));
    book.add(entry("s1", "limit", "short", "97"));
    book.add(entry("s2", "limit", "short", "96"));
    book.add(entry("s3", "limit", "short", "97"));
    book.add(entry("other", "limit", "long", "200", "BBB"));
    expect(ids(book.crossed("AAA", "99"))).toEqual(["b2", "b1", "b3", "s2", "s1", "s3"]);
    expect(book.size).toBe(2);
    expect(book.sizeOf("AAA")).toBe(1);
    expect(ids(book.crossed("AAA", "97"))).toEqual(["b4"]);
    expect(book.sizeOf("AAA")).toBe(0);
    expect(book.get("other")?.price).toBe("200");
  });

  it("removes an entry by id, and refuses an id twice", () => {
    const book = new LimitBook();
    book.add(entry("a", "limit", "long", "100"));
    book.add(entry("b", "limit", "long", "100"));
    expect(() => book.add(entry("a", "stopLoss", "short", "1"))).toThrow(/already/);
    expect(book.remove("a")?.id).toBe("a");
    expect(book.remove("a")).toBeUndefined();
    expect(book.has("a")).toBe(false);
    expect(ids(book.crossed("AAA", "1"))).toEqual(["b"]);
    expect(book.crossed("ZZZ", "1")).toEqual([]);
  });
});

/** The obvious book: a list, filtered and sorted on every tick. */
class NaiveBook {
  private entries: { entry: BookEntry; cents: number; seq: number }[] = [];
  private seq = 0;
  add(entry: BookEntry, cents: number) {
    this.entries.push({ entry, cents, seq: this.seq++ });
  }
  remove(id: string) {
    this.entries = this.entries.filter((e) => e.entry.id !== id);
  }
  get size() {
    return this.entries.length;
  }
  crossed(symbol: string, cents: number): string[] {
    const mine = this.entries.filter((e) => e.entry.symbol === symbol);
    const below = mine
      .filter((e) => firesWhen(e.entry.kind, e.entry.direction) === "atOrBelow" && cents <= e.cents)
      .sort((a, b) => b.cents - a.cents || a.seq - b.seq);
    const above = mine
      .filter((e) => firesWhen(e.entry.kind, e.entry.direction) === "atOrAbove" && cents >= e.cents)
      .sort((a, b) => a.cents - b.cents || a.seq - b.seq);
    const hit = [...below, ...above];
    const gone = new Set(hit);
    this.entries = this.entries.filter((e) => !gone.has(e));
    return hit.map((e) => e.entry.id);
  }
}

const asPrice = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** Ascending prices; the naive book compares their positions, the real one the prices. */
const LADDERS: Record<string, string[]> = {
  cents: Array.from({ length: 40 }, (_, i) => asPrice((i + 1) * 25)),
  // Across the point where the book's keys change from numbers to bigints (15 scaled digits).
  "the number/bigint boundary": [
    "99999.9999999998",
    "99999.9999999999",
    "100000",
    "100000.0000000001",
    "100000.00000000020",
    "1000000",
  ],
};

describe.each(Object.entries(LADDERS))("LimitBook against the naive book, prices in %s", (_, ladder) => {
  const symbol = fc.constantFrom("AAA", "BBB", "CCC");
  const rung = fc.integer({ min: 0, max: ladder.length - 1 });
  const op = fc.oneof(
    fc.record({
      op: fc.constant("add" as const),
      symbol,
      kind: fc.constantFrom<TriggerKind>("limit", "stopLoss", "takeProfit"),
      direction: fc.constantFrom<Direction>("long", "short"),
      rung,
    }),
    fc.record({ op: fc.constant("remove" as const), pick: fc.nat() }),
    fc.record({ op: fc.constant("tick" as const), symbol, rung }),
  );

  it("gives the same fills in the same order, whatever the operations", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const book = new LimitBook();
        const naive = new NaiveBook();
        const added: string[] = [];
        ops.forEach((o, i) => {
          if (o.op === "add") {
            const e = entry(`e${i}`, o.kind, o.direction, ladder[o.rung] as string, o.symbol);
            book.add(e);
            naive.add(e, o.rung);
            added.push(e.id);
          } else if (o.op === "remove") {
            const id = added[o.pick % Math.max(added.length, 1)] ?? "none";
            const had = book.has(id);
            expect(book.remove(id)?.id).toBe(had ? id : undefined);
            naive.remove(id);
          } else {
            expect(ids(book.crossed(o.symbol, ladder[o.rung] as string))).toEqual(
              naive.crossed(o.symbol, o.rung),
            );
          }
          expect(book.size).toBe(naive.size);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe("100,000 entries over 200 symbols", () => {
  it("adds them all and every tick round takes exactly what it crosses", () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const SYMBOLS = Array.from({ length: 200 }, (_, i) => `S${i}`);
    const book = new LimitBook();
    const all: { entry: BookEntry; cents: number }[] = [];
    for (let i = 0; i < 100_000; i++) {
      const symbol = SYMBOLS[i % SYMBOLS.length] as string;
      const cents = 9_000 + Math.floor(random() * 2_001);
      const direction: Direction = random() < 0.5 ? "long" : "short";
      const kind: TriggerKind = random() < 0.6 ? "limit" : random() < 0.5 ? "stopLoss" : "takeProfit";
      const e = entry(`o${i}`, kind, direction, asPrice(cents), symbol);
      book.add(e);
      all.push({ entry: e, cents });
    }
    expect(book.size).toBe(100_000);

    const remaining = new Map(
      SYMBOLS.map((symbol) => [symbol, all.filter((x) => x.entry.symbol === symbol)]),
    );
    let left = all.length;
    for (const round of [0, 1, 2]) {
      for (const [s, symbol] of SYMBOLS.entries()) {
        // Prices walk around 100.00 so that each round crosses some entries and leaves others.
        const price = 9_900 + ((s * 37 + round * 53) % 200);
        const reached = ({ entry: e, cents }: { entry: BookEntry; cents: number }) =>
          firesWhen(e.kind, e.direction) === "atOrBelow" ? price <= cents : price >= cents;
        const mine = remaining.get(symbol) ?? [];
        const expected = mine.filter(reached);
        remaining.set(
          symbol,
          mine.filter((x) => !reached(x)),
        );
        const got = book.crossed(symbol, asPrice(price));
        expect(new Set(ids(got))).toEqual(new Set(expected.map((x) => x.entry.id)));
        expect(got.length).toBe(expected.length);
        left -= expected.length;
      }
      expect(book.size).toBe(left);
    }
    expect(book.size).toBeGreaterThan(0);
    for (const symbol of SYMBOLS) {
      book.crossed(symbol, "0");
      book.crossed(symbol, "1000000");
    }
    expect(book.size).toBe(0);
  });
});

describe("prices past the number/bigint boundary of the keys", () => {
  it("sort and cross exactly", () => {
    const book = new LimitBook();
    book.add(entry("low", "limit", "long", "99999.9999999999"));
    book.add(entry("mid", "limit", "long", "100000"));
    book.add(entry("high", "limit", "long", "100000.0000000001"));
    book.add(entry("sell", "limit", "short", "100000.0000000001"));
    expect(ids(book.crossed("AAA", "100000"))).toEqual(["high", "mid"]);
    expect(ids(book.crossed("AAA", "100000.0000000001"))).toEqual(["sell"]);
    expect(ids(book.crossed("AAA", "99999.9999999999"))).toEqual(["low"]);
  });
});
