import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, call, registerUser, type Session, type TestApp } from "../../../test/helper.js";
import { PROFILE_TTL_MS, ProfileCache } from "./profile-cache.js";

describe("the profile cache", () => {
  it("keeps a row until it is dropped or its time is up", () => {
    const cache = new ProfileCache<string>();
    cache.set("u1", "first", cache.version, 0);
    expect(cache.get("u1", 1)).toBe("first");
    expect(cache.get("u1", PROFILE_TTL_MS)).toBeUndefined();
    cache.set("u1", "first", cache.version, 0);
    cache.drop("u1");
    expect(cache.get("u1", 1)).toBeUndefined();
  });

  it("does not keep what a read found when a change came while it read", () => {
    const cache = new ProfileCache<string>();
    const version = cache.version;
    cache.drop("u2"); // any user's change: the read cannot tell it was not its row
    cache.set("u1", "old", version, 0);
    expect(cache.get("u1", 1)).toBeUndefined();
    cache.set("u1", "new", cache.version, 0);
    expect(cache.get("u1", 1)).toBe("new");
  });
});

describe("user/getUserinfo after the user's row changes", () => {
  let t: TestApp;
  let user: Session;
  const info = async () =>
    (await call(t.app, "user/getUserinfo", {}, user.headers)).data as {
      realname: string | null;
      flags: { tradeBanned: boolean };
    };
  const rename = (name: string) =>
    sql`update users set realname = ${name} where lower(account) = lower(${user.account})`;

  beforeAll(async () => {
    t = await buildTestApp();
    user = await registerUser(t.app);
  });
  afterAll(() => t.close());

  it("answers the change at once, whatever wrote it, and never a change rolled back", async () => {
    const before = (await info()).realname;
    expect((await info()).realname).toBe(before); // read again: kept on the embedded database
    // Written by none of the app's code paths: the database tells the process, not the code.
    await t.database.db.execute(rename("Asha Verma"));
    expect((await info()).realname).toBe("Asha Verma");

    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(rename("Rolled Back"));
        throw new Error("abandoned");
      })
      .catch(() => undefined);
    expect((await info()).realname).toBe("Asha Verma");

    await t.database.db.transaction(async (tx) => {
      await tx.execute(rename("In A Transaction"));
    });
    expect((await info()).realname).toBe("In A Transaction");
  });

  it("is kept on the embedded database (its trigger is what ends it), read each time on PostgreSQL", async () => {
    await info();
    await t.database.db.execute(sql`alter table users disable trigger users_changed`);
    try {
      await t.database.db.execute(rename("Unannounced"));
      const kept = t.database.driver === "pglite";
      expect((await info()).realname).toBe(kept ? "In A Transaction" : "Unannounced");
    } finally {
      await t.database.db.execute(sql`alter table users enable trigger users_changed`);
    }
    await t.database.db.execute(rename("Announced"));
    expect((await info()).realname).toBe("Announced");
  });

  it("answers a flag set in the back office at the next call", async () => {
    await t.database.db.execute(
      sql`update users set trade_banned = true where lower(account) = lower(${user.account})`,
    );
    expect((await info()).flags.tradeBanned).toBe(true);
  });
});
