import { credit, exchange } from "@brokerage/core";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { buildTestApp, registerUser, type TestApp } from "../../../test/helper.js";
import { users } from "../../db/schema/index.js";
import { rowsOf } from "../../db/index.js";
import { book, checkChain, checkLedger, JournalSealer } from "./index.js";

/**
 * The journal's hash chain (docs/honesty.md): sealed after commit in the leader's rounds, verified from its
 * first link by `ledger:check`, which names the first broken link when a posting is edited, an entry
 * deleted or the chain reordered behind the append-only triggers' back (each case on its own database,
 * a copy of the migrated template, with the triggers disabled as only the database's owner could).
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** An app with a user who deposited and exchanged three times (four entries), sealed by one round. */
async function sealedLedger(): Promise<{ t: TestApp; entries: number[] }> {
  t = await buildTestApp();
  const app = t;
  const session = await registerUser(app.app);
  const [row] = await app.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.account, session.account));
  if (!row) throw new Error("no user");
  const userId = row.id;
  const at = app.clock.now();
  await app.database.db.transaction((tx) =>
    book(tx, { entry: credit("deposit", userId, "USD", "100.00"), userId, cause: { by: "system" }, at }),
  );
  for (const pay of ["10.00", "20.00", "5.50"])
    await app.database.db.transaction((tx) =>
      book(tx, {
        entry: exchange("exchange", userId, "USD", pay, "INR", "830.00"),
        userId,
        cause: { by: "user" },
        at,
      }),
    );
  await app.app.tradingEngine.round();
  const entries = rowsOf<{ id: string }>(
    await app.database.db.execute(sql`select id::text as id from journal_entries order by id`),
  ).map((r) => Number(r.id));
  return { t: app, entries };
}

const seqOf = async (app: TestApp, entry: number): Promise<number> => {
  const [row] = rowsOf<{ seq: string }>(
    await app.database.db.execute(sql`select seq::text as seq from journal_chain where entry_id = ${entry}`),
  );
  return Number(row?.seq);
};

describe("the journal's hash chain", { timeout: 120_000 }, () => {
  it("seals every committed entry once, in id order, and verifies clean", async () => {
    const { t, entries } = await sealedLedger();
    expect(entries.length).toBeGreaterThanOrEqual(4);
    const chain = await checkChain(t.database.db);
    expect(chain).toEqual({ links: entries.length, unsealed: 0 });
    expect(await checkLedger(t.database.db)).toEqual([]);
    // Another round seals nothing twice; a new entry becomes the next link.
    const sealer = new JournalSealer({ db: t.database.db });
    expect(await sealer.round(t.clock.now())).toBe(0);
    const userId = rowsOf<{ user_id: string }>(
      await t.database.db.execute(sql`select user_id::text as user_id from journal_entries limit 1`),
    )[0]?.user_id as string;
    await t.database.db.transaction((tx) =>
      book(tx, {
        entry: credit("deposit", userId, "USD", "1.00"),
        userId,
        cause: { by: "system" },
        at: t.clock.now(),
      }),
    );
    expect((await checkChain(t.database.db)).unsealed).toBe(1);
    expect(await sealer.round(t.clock.now())).toBe(1);
    expect(await checkChain(t.database.db)).toEqual({ links: entries.length + 1, unsealed: 0 });
  });

  it("refuses to change or remove a link", async () => {
    const { t } = await sealedLedger();
    await expect(
      t.database.db.execute(sql`update journal_chain set hash = 'x' where seq = 1`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from journal_chain where seq = 1`)).rejects.toThrow();
  });

  it("names the link of an edited posting", async () => {
    const { t, entries } = await sealedLedger();
    const entry = entries[2] as number;
    await t.database.db.execute(sql`alter table postings disable trigger user`);
    await t.database.db.execute(
      sql`update postings set amount = amount + 1, balance_after = balance_after + 1
          where id = (select min(id) from postings where entry_id = ${entry})`,
    );
    await t.database.db.execute(sql`alter table postings enable trigger user`);
    const seq = await seqOf(t, entry);
    const chain = await checkChain(t.database.db);
    expect(chain.firstBreak).toEqual({ seq, entry, broken: "content" });
    expect(chain.links).toBe(seq - 1);
    expect(await checkLedger(t.database.db)).toContainEqual({
      kind: "chain",
      detail: { seq: String(seq), entry: String(entry), broken: "content" },
    });
  });

  it("names the link of a deleted entry", async () => {
    const { t, entries } = await sealedLedger();
    const entry = entries[1] as number;
    await t.database.db.execute(sql`alter table postings disable trigger user`);
    await t.database.db.execute(sql`alter table journal_entries disable trigger user`);
    await t.database.db.execute(sql`delete from postings where entry_id = ${entry}`);
    await t.database.db.execute(sql`delete from journal_entries where id = ${entry}`);
    await t.database.db.execute(sql`alter table postings enable trigger user`);
    await t.database.db.execute(sql`alter table journal_entries enable trigger user`);
    expect((await checkChain(t.database.db)).firstBreak).toEqual({
      seq: await seqOf(t, entry),
      entry,
      broken: "entry",
    });
  });

  it("names the first link out of place when the chain is reordered, or a link is removed", async () => {
    const { t, entries } = await sealedLedger();
    const [a, b] = [entries[1] as number, entries[2] as number];
    const [sa, sb] = [await seqOf(t, a), await seqOf(t, b)];
    await t.database.db.execute(sql`alter table journal_chain disable trigger user`);
    await t.database.db.execute(sql`update journal_chain set seq = -1 where seq = ${sa}`);
    await t.database.db.execute(sql`update journal_chain set seq = ${sa} where seq = ${sb}`);
    await t.database.db.execute(sql`update journal_chain set seq = ${sb} where seq = -1`);
    expect((await checkChain(t.database.db)).firstBreak).toEqual({ seq: sa, entry: b, broken: "prev" });
    // Put back, then remove a link in the middle: the next one is out of place.
    await t.database.db.execute(sql`update journal_chain set seq = -1 where seq = ${sa}`);
    await t.database.db.execute(sql`update journal_chain set seq = ${sa} where seq = ${sb}`);
    await t.database.db.execute(sql`update journal_chain set seq = ${sb} where seq = -1`);
    expect((await checkChain(t.database.db)).firstBreak).toBeUndefined();
    await t.database.db.execute(sql`delete from journal_chain where seq = ${sa}`);
    await t.database.db.execute(sql`alter table journal_chain enable trigger user`);
    expect((await checkChain(t.database.db)).firstBreak).toEqual({ seq: sb, entry: b, broken: "seq" });
  });
});
