import { WATCHLIST_MAX } from "@brokerage/api";
import type { Quote } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import type { MarketService } from "../market/index.js";
import * as repo from "./repository.js";

export interface WatchlistItem {
  symbol: string;
  exchange: string;
}

interface Deps {
  db: Db;
  clock: Clock;
  market: MarketService;
}

const keyOf = (item: WatchlistItem) => `${item.symbol}|${item.exchange}`;

/** The user's watched instruments, in the user's order; new items go to the top. */
export class WatchlistService {
  constructor(private readonly deps: Deps) {}

  async list(userId: string): Promise<Quote[]> {
    const items = await repo.listItems(this.deps.db, userId);
    // An instrument the provider no longer serves (another CSV recording) is left out, not an error.
    return this.deps.market.quotes(items.map((i) => i.symbol));
  }

  /** Idempotent: watching an instrument twice keeps one item where it is. */
  async add(userId: string, item: WatchlistItem): Promise<void> {
    const listing = this.deps.market.listing(item.symbol, item.exchange);
    await this.deps.db.transaction(async (tx) => {
      await repo.lockUser(tx, userId);
      const target = { userId, symbol: listing.symbol, exchange: listing.exchange };
      if (await repo.findItem(tx, target)) return;
      const { items, first } = await repo.listStats(tx, userId);
      if (items >= WATCHLIST_MAX) {
        throw new DomainError("WATCHLIST_FULL", { limit: String(WATCHLIST_MAX) });
      }
      await repo.insertItem(tx, { ...target, position: (first ?? 0) - 1, createdAt: this.deps.clock.now() });
    });
  }

  /** Idempotent: removing what is not watched changes nothing. */
  async remove(userId: string, item: WatchlistItem): Promise<void> {
    await repo.deleteItem(this.deps.db, { userId, ...item });
  }

  /** Takes the whole list in the new order; it must be exactly the watched set. */
  async reorder(userId: string, items: readonly WatchlistItem[]): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await repo.lockUser(tx, userId);
      const current = new Set((await repo.listItems(tx, userId)).map(keyOf));
      const wanted = new Set(items.map(keyOf));
      const same =
        wanted.size === items.length &&
        wanted.size === current.size &&
        [...wanted].every((k) => current.has(k));
      if (!same) throw new DomainError("INVALID_INPUT", { field: "items" });
      for (const [position, item] of items.entries()) {
        await repo.setPosition(tx, { userId, symbol: item.symbol, position });
      }
    });
  }

  async contains(userId: string, item: WatchlistItem): Promise<boolean> {
    return (await repo.findItem(this.deps.db, { userId, ...item })) !== undefined;
  }
}
