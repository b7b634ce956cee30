import { SEARCH_HISTORY_MAX } from "@brokerage/api";
import { normalizeSearchText } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import * as repo from "./repository.js";

/** A user's recent searches: deduplicated by folded keyword, newest first, the latest 20 kept. */
export class SearchHistoryService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async record(userId: string, keyword: string): Promise<void> {
    const keywordKey = normalizeSearchText(keyword);
    if (keywordKey === "") return;
    await this.db.transaction(async (tx) => {
      await repo.upsertSearch(tx, { userId, keyword: keyword.trim(), keywordKey, now: this.clock.now() });
      await repo.trimSearches(tx, { userId, keep: SEARCH_HISTORY_MAX });
    });
  }

  async list(userId: string) {
    const rows = await repo.listSearches(this.db, { userId, limit: SEARCH_HISTORY_MAX });
    return rows.map((r) => ({ keyword: r.keyword, createdAt: r.createdAt.toISOString() }));
  }

  async clear(userId: string): Promise<void> {
    await repo.deleteSearches(this.db, { userId });
  }
}
