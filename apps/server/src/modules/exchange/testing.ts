import {
  MarketSimulator,
  credit,
  type Instrument,
  type MarketDataProvider,
  type Quote,
} from "@brokerage/core";
import { eq } from "drizzle-orm";
import type { Session, TestApp } from "../../../test/helper.js";
import { users } from "../../db/schema/index.js";
import { book, userWallets } from "../ledger/index.js";

/** Test helpers of the money screens: a user's id, money put into a wallet, a wallet's balances. */

export async function userIdOf(t: TestApp, session: Session): Promise<string> {
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.account, session.account));
  if (!row) throw new Error(`no user ${session.account}`);
  return row.id;
}

/** Credits a wallet as an approved deposit would (deposits are their own module): a system entry. */
export async function fund(t: TestApp, userId: string, currency: string, amount: string): Promise<void> {
  await t.database.db.transaction((tx) =>
    book(tx, {
      entry: credit("deposit", userId, currency, amount),
      userId,
      cause: { by: "system" },
      at: t.clock.now(),
    }),
  );
}

/** A wallet's ledger balances ("0" for a currency the user never held). */
export async function walletOf(t: TestApp, userId: string, currency: string) {
  const wallet = (await userWallets(t.database.db, userId)).find((w) => w.currency === currency);
  return wallet ?? { currency, available: "0", held: "0", margin: "0", loan: "0" };
}

/** A market feed that answers as the simulator does, except where `quote` says otherwise. */
export function feedWith(
  quote: (symbol: string, simulated: Quote | undefined) => Quote | undefined,
  options: { instruments?: readonly Instrument[] } = {},
): MarketDataProvider {
  const sim = new MarketSimulator({ seed: "fx-test", instruments: options.instruments });
  return {
    id: "test-feed",
    simulated: true,
    instruments: () => sim.instruments(),
    indices: () => sim.indices(),
    listing: (symbol) => sim.listing(symbol),
    candles: (symbol, period, candleOptions) => sim.candles(symbol, period, candleOptions),
    quote: (symbol, at) => quote(symbol, sim.quote(symbol, at)),
  };
}

/** A quote as a feed that stopped long ago would give it: marked trading, stamped in 2025. */
export const stale = (quote: Quote | undefined): Quote | undefined =>
  quote && { ...quote, status: "open", timestamp: "2025-01-01T00:00:00.000Z" };
