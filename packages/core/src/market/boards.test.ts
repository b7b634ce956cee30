import { describe, expect, it } from "vitest";
import { BoardOverlay } from "./boards.js";
import { MarketSimulator } from "./simulator/simulator.js";

describe("BoardOverlay", () => {
  const at = Date.parse("2026-11-25T16:00:00Z");

  it("moves a new share from the subscription board to listed, in listings, instruments and quotes", () => {
    const overlay = new BoardOverlay(new MarketSimulator({ seed: "boards" }));
    expect(overlay.listing("DBRX")).toMatchObject({ board: "subscription" });
    expect(overlay.setBoard("DBRX", "listed")).toBe(true);
    expect(overlay.setBoard("DBRX", "listed")).toBe(false);
    expect(overlay.listing("DBRX")).toMatchObject({ board: "listed" });
    expect(overlay.instruments().find((i) => i.symbol === "DBRX")?.board).toBe("listed");
    expect(overlay.quote("DBRX", at)?.details.board).toBe("listed");
    // Prices are the inner provider's.
    expect(overlay.quote("DBRX", at)?.close).toBe(
      new MarketSimulator({ seed: "boards" }).quote("DBRX", at)?.close,
    );
    // Others untouched; back to its own board, the override goes.
    expect(overlay.listing("AAPL")).toMatchObject({ board: "listed" });
    expect(overlay.setBoard("DBRX", "subscription")).toBe(true);
    expect(overlay.quote("DBRX", at)?.details.board).toBe("subscription");
  });

  it("ignores unknown symbols and indices", () => {
    const overlay = new BoardOverlay(new MarketSimulator({ seed: "boards" }));
    expect(overlay.setBoard("NOPE", "listed")).toBe(false);
    const index = overlay.indices()[0];
    expect(index && overlay.setBoard(index.symbol, "listed")).toBe(false);
  });
});
