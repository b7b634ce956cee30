import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/index.js";
import { ipoOfferings } from "../../db/schema/index.js";
import type { Channel } from "../../lib/bus.js";
import { shared } from "../../plugins/shared.js";

/**
 * A listed offering's share leaves the `subscription` board for `listed` (DESIGN §5 "Primary market"): from
 * then on it trades, and the market's lists show it among the listed. The boards live in the process's
 * market provider (core `BoardOverlay`); every process learns of a listing through the bus, and since
 * pub/sub keeps nothing, each also reads the listed offerings at start and again every `refreshMs`.
 */
export const IPO_LISTED: Channel<{ symbol: string }> = {
  name: "ipo-listed",
  schema: z.object({ symbol: z.string().min(1).max(32) }),
};

/** How often a process re-reads the listed offerings, in case a bus message did not reach it. */
export const LISTED_REFRESH_MS = 60_000;

/** The symbols of every listed offering. */
export async function listedSymbols(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ symbol: ipoOfferings.symbol })
    .from(ipoOfferings)
    .where(eq(ipoOfferings.state, "listed"));
  return rows.map((r) => r.symbol);
}

export const ipoBoardsPlugin = shared<{ refreshMs?: number }>(async (app, options) => {
  const promote = (symbol: string) => {
    if (app.market.setBoard(symbol, "listed"))
      app.log.info({ symbol }, "new share listed: now on the listed board");
  };
  // A cache of what the database says: a read that fails is logged and tried again at the next refresh.
  const refresh = () =>
    listedSymbols(app.db).then(
      (symbols) => symbols.forEach(promote),
      (error: unknown) => app.log.warn({ err: error }, "reading the listed offerings failed"),
    );
  const unsubscribe = app.bus.subscribe(IPO_LISTED, ({ symbol }) => promote(symbol));
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    await refresh();
    timer = setInterval(() => void refresh(), options.refreshMs ?? LISTED_REFRESH_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    unsubscribe();
  });
});
