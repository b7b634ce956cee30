import { credit } from "@brokerage/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, registerUser, type TestApp } from "../../../test/helper.js";
import { users } from "../../db/schema/index.js";
import { book, checkChain, JournalSealer } from "./index.js";

/**
 * The sealer beside concurrent bookings (on PostgreSQL, six connections at once): every entry sealed once,
 * links past 9 and 99 in numeric order, none skipped while transactions commit around its rounds.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it("seals concurrent bookings without a gap or a failed round", { timeout: 120_000 }, async () => {
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) {
    const session = await registerUser(t.app);
    const [row] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.account, session.account));
    if (!row) throw new Error("no user");
    ids.push(row.id);
  }
  const sealer = new JournalSealer({ db: t.database.db });
  const failures: unknown[] = [];
  let booking = true;
  const sealing = (async () => {
    while (booking) {
      await sealer.round(t.clock.now()).catch((error: unknown) => failures.push(error));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  await Promise.all(
    ids.map(async (userId) => {
      for (let k = 0; k < 20; k++)
        await t.database.db.transaction((tx) =>
          book(tx, {
            entry: credit("deposit", userId, "USD", "1.00"),
            userId,
            cause: { by: "system" },
            at: t.clock.now(),
          }),
        );
    }),
  );
  booking = false;
  await sealing;
  await sealer.round(t.clock.now());
  expect(failures).toEqual([]);
  expect(await checkChain(t.database.db)).toEqual({ links: 120, unsealed: 0 });
});
