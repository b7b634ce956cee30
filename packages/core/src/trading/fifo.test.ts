import { describe, expect, it } from "vitest";
import { lotTotals, matchFifo, tradesOfPosition, type BookedPosition, type FifoTrade } from "./fifo.js";

const at = (day: number) => `2026-01-${String(day).padStart(2, "0")}T10:00:00.000Z`;

/** A trade of book AAA:long unless told. */
function trade(
  leg: "open" | "close",
  orderId: string,
  day: number,
  quantity: string,
  value: string,
  costs = "0",
  book = "AAA:long",
): FifoTrade {
  return { book, leg, at: at(day), seq: day, orderId, quantity, value, costs, protection: "0" };
}

describe("matchFifo", () => {
  it("matches a close against the oldest lot, whichever position was closed", () => {
    // Two lots of 10: bought at 100 then at 120. The second position is closed first, at 130: FIFO sells
    // the first lot (cost 1000), not the one the user picked (cost 1200).
    const { closed, open } = matchFifo(
      [
        trade("open", "a", 1, "10", "1000.00", "1.00"),
        trade("open", "b", 2, "10", "1200.00", "1.20"),
        trade("close", "b", 3, "10", "1300.00", "1.30"),
      ],
      "USD",
    );
    expect(closed).toEqual([
      expect.objectContaining({
        openOrderId: "a",
        closeOrderId: "b",
        quantity: "10",
        proceeds: "1300.00",
        costBasis: "1000.00",
        costs: "2.30",
        net: "297.70",
      }),
    ]);
    expect(open).toEqual([expect.objectContaining({ orderId: "b", quantity: "10" })]);
  });

  it("splits a lot a smaller close takes part of, and a larger close over several lots", () => {
    const { closed, open } = matchFifo(
      [
        trade("open", "a", 1, "3", "300.00", "0.03"),
        trade("open", "b", 2, "5", "550.00", "0.05"),
        // 4 closes: 3 of a (whole) and 1 of b.
        trade("close", "b", 3, "5", "600.00", "0.05"),
      ],
      "USD",
    );
    expect(closed.map((l) => [l.openOrderId, l.quantity, l.proceeds, l.costBasis, l.costs])).toEqual([
      ["a", "3", "360.00", "300.00", "0.06"],
      ["b", "2", "240.00", "220.00", "0.04"],
    ]);
    // 3 of b stay open, with the rest of its value for a later close.
    expect(open).toEqual([expect.objectContaining({ orderId: "b", quantity: "3" })]);
  });

  it("shares a trade's value and costs so the pieces add up to the cent", () => {
    // 1 cent of costs over three equal pieces: 0.00, 0.00 and the last takes 0.01 (never 0.03 or 0.00).
    const { closed } = matchFifo(
      [
        trade("open", "a", 1, "1", "10.00"),
        trade("open", "b", 2, "1", "10.00"),
        trade("open", "c", 3, "1", "10.00"),
        trade("close", "x", 4, "3", "31.00", "0.01"),
      ],
      "USD",
    );
    expect(closed.map((l) => l.proceeds)).toEqual(["10.33", "10.33", "10.34"]);
    expect(lotTotals(closed, "USD")).toMatchObject({ proceeds: "31.00", costs: "0.01", net: "0.99" });
  });

  it("keeps longs and shorts of one instrument apart: a short's proceeds are its sale", () => {
    const { closed } = matchFifo(
      [
        trade("open", "long", 1, "2", "200.00", "0", "AAA:long"),
        trade("open", "short", 2, "2", "220.00", "0.10", "AAA:short"),
        // The buy-back of the short at 90 a share: it closes the short, not the older long.
        trade("close", "short", 3, "2", "180.00", "0.10", "AAA:short"),
      ],
      "USD",
    );
    expect(closed).toEqual([
      expect.objectContaining({
        direction: "short",
        openOrderId: "short",
        proceeds: "220.00",
        costBasis: "180.00",
        costs: "0.20",
        net: "39.80",
      }),
    ]);
  });

  it("refuses a close of more than the book holds", () => {
    expect(() => matchFifo([trade("close", "a", 1, "1", "1.00")], "USD")).toThrow(/closes more/);
  });
});

describe("tradesOfPosition", () => {
  const position = (p: Partial<BookedPosition>): BookedPosition => ({
    orderId: "p",
    seq: 1,
    symbol: "BTCUSDT",
    direction: "long",
    quantity: "0.0012",
    openedAt: at(1),
    openValue: "51.75",
    openCosts: "0.06",
    close: null,
    ...p,
  });

  it("prices the close from the booked P&L, so a lot matched with itself nets its fund records", () => {
    // Opened at 43,123.45 × 0.0012 = 51.74814 → 51.75; closed at 44,000.01: P&L (44,000.01 − 43,123.45) ×
    // 0.0012 = 1.051872 → 1.05 booked, while 44,000.01 × 0.0012 = 52.800012 → 52.80 would make it 1.05
    // too here; the booked P&L rules either way.
    const long = position({ close: { at: at(2), pnl: "1.05", costs: "0.06", protection: "0" } });
    const { closed } = matchFifo(tradesOfPosition(long, "USD"), "USD");
    expect(closed).toEqual([expect.objectContaining({ proceeds: "52.80", costBasis: "51.75", net: "0.93" })]);
  });

  it("turns a short's P&L into its buy-back value, and counts protection in", () => {
    const short = position({
      direction: "short",
      quantity: "1",
      openValue: "100.00",
      openCosts: "0.10",
      close: { at: at(2), pnl: "-150.00", costs: "0.25", protection: "30.35" },
    });
    const { closed } = matchFifo(tradesOfPosition(short, "USD"), "USD");
    // Net: gross −150.00, costs 0.35, protection +30.35 = −120.00, as the position's net P&L.
    expect(closed).toEqual([
      expect.objectContaining({ proceeds: "100.00", costBasis: "250.00", costs: "0.35", net: "-120.00" }),
    ]);
  });

  it("nets a whole book to the sum of its positions' net P&L, in any order of closing", () => {
    const positions: BookedPosition[] = [
      position({ orderId: "a", seq: 1, quantity: "1", openValue: "100.00", openCosts: "0.10" }),
      position({
        orderId: "b",
        seq: 2,
        quantity: "3",
        openValue: "330.00",
        openCosts: "0.33",
        openedAt: at(2),
      }),
      position({
        orderId: "c",
        seq: 3,
        quantity: "2",
        openValue: "190.00",
        openCosts: "0.19",
        openedAt: at(3),
      }),
    ].map((p, index) => ({
      ...p,
      // Closed newest first: c, b, a.
      close: {
        at: at(10 - index),
        pnl: ["7.77", "-12.34", "5.01"][index] ?? "0",
        costs: "0.11",
        protection: "0",
      },
    }));
    const { closed, open } = matchFifo(
      positions.flatMap((p) => tradesOfPosition(p, "USD")),
      "USD",
    );
    expect(open).toEqual([]);
    // Σ (pnl − open costs − close costs): 7.77 − 12.34 + 5.01 − (0.10 + 0.33 + 0.19) − 3 × 0.11 = −0.51
    expect(lotTotals(closed, "USD").net).toBe("-0.51");
  });
});
