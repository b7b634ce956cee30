import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerUser, type TestApp } from "../../test/helper.js";
import { findUserProfile } from "../modules/user/repository.js";
import { users } from "./schema/index.js";
import { EmbeddedStatement, embeddedClientOf } from "./embedded.js";

describe("statements prepared on the embedded database", () => {
  let client: PGlite;
  beforeAll(async () => {
    client = new PGlite();
    await client.exec("create table notes (id int primary key, body text not null)");
    await client.query("insert into notes values (1, $1), (2, $2)", ["it's plain", "second"]);
  });
  afterAll(() => client.close());

  it("binds placeholders as literals that cannot break out of their quotes", async () => {
    const statement = new EmbeddedStatement("note_by_body", {
      toSQL: () => ({ sql: "select id, body from notes where body = $1 limit $2", params: [ph("body"), 1] }),
    });
    expect(await statement.rows(client, { body: "it's plain" })).toEqual([[1, "it's plain"]]);
    // An injection attempt is only ever a value: no row has this body, and the table is still there.
    expect(await statement.rows(client, { body: "x'); drop table notes; --" })).toEqual([]);
    expect((await client.query("select count(*)::int as n from notes")).rows).toEqual([{ n: 2 }]);
  });

  it("sends backslashes, quotes, numbers and booleans as the values they are", async () => {
    await client.exec("create table marks (id int primary key, body text not null, kept boolean not null)");
    const tricky = String.raw`back\slash \' or 1=1 -- it's`;
    await client.query("insert into marks values (1, $1, true), (2, $2, false)", [tricky, "\\"]);
    const statement = new EmbeddedStatement("mark_by_body", {
      toSQL: () => ({
        sql: "select id, body from marks where body = $1 and kept = $2 and id > $3 limit $4",
        params: [ph("body"), ph("kept"), ph("above"), 5],
      }),
    });
    expect(await statement.rows(client, { body: tricky, kept: true, above: 0 })).toEqual([[1, tricky]]);
    expect(await statement.rows(client, { body: "\\", kept: false, above: -1 })).toEqual([[2, "\\"]]);
    expect(await statement.rows(client, { body: tricky, kept: false, above: 0 })).toEqual([]);
    await expect(statement.rows(client, { body: "x", kept: true, above: Number.NaN })).rejects.toThrow(
      /finite/,
    );
  });

  it("prepares once per database and refuses what it cannot send", async () => {
    const statement = new EmbeddedStatement("note_by_id", {
      toSQL: () => ({ sql: "select body from notes where id = $1", params: [ph("id")] }),
    });
    expect(await statement.rows(client, { id: 2 })).toEqual([["second"]]);
    expect(await statement.rows(client, { id: 1 })).toEqual([["it's plain"]]);
    await expect(statement.rows(client, {})).rejects.toThrow(/no value for id/);
    await expect(statement.rows(client, { id: "a\0b" })).rejects.toThrow(/NUL/);
    expect(() => new EmbeddedStatement("bad name;", { toSQL: () => ({ sql: "", params: [] }) })).toThrow();
  });
});

describe("the profile read", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("answers the same row through the prepared statement as through drizzle", async () => {
    const { account } = await registerUser(t.app);
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.account, account));
    const userId = user?.id ?? "";
    const fast = await findUserProfile(t.database.db, userId);
    // Inside a transaction the statement is drizzle's own (a transaction holds the embedded session).
    const plain = await t.database.db.transaction((tx) => findUserProfile(tx, userId));
    expect(fast).toBeDefined();
    expect(fast).toEqual(plain);
    expect(fast?.createdAt).toBeInstanceOf(Date);
    expect(await findUserProfile(t.database.db, "00000000-0000-4000-8000-000000000000")).toBeUndefined();
    expect(embeddedClientOf(t.database.db) !== undefined).toBe(t.database.driver === "pglite");
  });
});

/** A drizzle placeholder, as `sql.placeholder(name)` makes it. */
function ph(name: string) {
  return sql.placeholder(name);
}
