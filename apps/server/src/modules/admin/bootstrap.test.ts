import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUsers, auditLog, config, institutions } from "../../db/schema/index.js";
import type { Database } from "../../db/index.js";
import { ManualClock } from "../../lib/clock.js";
import { verifyPassword } from "../../lib/password.js";
import { openTestDatabase } from "../../../test/helper.js";
import { bootstrap, firstStartNotice, StartupError } from "./bootstrap.js";

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const clock = new ManualClock();

describe("bootstrap", () => {
  it("on a first start without settings, generates the admin password and invitation code once", async () => {
    const first = await bootstrap(database.db, clock, {});
    expect(first.adminAccount).toBe("admin");
    expect(first.generatedAdminPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(first.generatedInviteCode).toBe(true);
    const notice = firstStartNotice(first);
    expect(notice).toContain(first.generatedAdminPassword);
    expect(notice).toContain(first.inviteCode);

    const [admin] = await database.db.select().from(adminUsers);
    expect(admin?.role).toBe("administrator");
    expect(await verifyPassword(admin?.passwordHash ?? "", first.generatedAdminPassword ?? "")).toBe(true);
    const [institution] = await database.db.select().from(institutions);
    expect(institution?.inviteCode).toBe(first.inviteCode);

    const second = await bootstrap(database.db, clock, {});
    expect(second).toEqual({});
    expect(firstStartNotice(second)).toBeNull();
    expect(await database.db.select().from(adminUsers)).toHaveLength(1);
    expect(await database.db.select().from(institutions)).toHaveLength(1);
    expect(await database.db.select().from(config)).toEqual([]);
    expect((await database.db.select().from(auditLog)).map((a) => a.action).sort()).toEqual([
      "admin.bootstrap",
      "institution.bootstrap",
    ]);
  });

  it("adds a named invitation code on a later start, once, and never a second administrator", async () => {
    const third = await bootstrap(database.db, clock, {
      adminAccount: "root",
      adminPassword: "another-password",
      inviteCode: "NAMED-CODE",
    });
    expect(third).toEqual({ inviteCode: "NAMED-CODE", generatedInviteCode: false });
    expect(firstStartNotice(third)).toBeNull();
    expect(await bootstrap(database.db, clock, { inviteCode: "NAMED-CODE" })).toEqual({});
    expect(await database.db.select().from(institutions)).toHaveLength(2);
    expect(await database.db.select().from(adminUsers)).toHaveLength(1);
  });

  it.each([
    ["password", "too common"],
    ["root-password-2", "must not contain the account"],
    ["short", "at least 8 characters"],
  ])("refuses to start with ADMIN_PASSWORD %j (%s), before touching the database", async (password, why) => {
    // Any use of this database would fail with a TypeError: the refusal must come first.
    const untouchable = {} as Database["db"];
    const start = bootstrap(untouchable, clock, { adminAccount: "root", adminPassword: password });
    await expect(start).rejects.toThrow(StartupError);
    await expect(start).rejects.toThrow(why);
  });

  it("keeps configuration an operator changed", async () => {
    await database.db.update(config).set({ value: "My Broker" });
    await bootstrap(database.db, clock, {});
    const titles = await database.db.select().from(config);
    expect(titles.every((c) => c.value === "My Broker")).toBe(true);
  });
});
