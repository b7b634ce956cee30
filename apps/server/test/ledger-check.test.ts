import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { credit, exchange } from "@brokerage/core";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../src/app.js";
import { openDatabase, type Database } from "../src/db/index.js";
import { users } from "../src/db/schema/index.js";
import { ManualClock } from "../src/lib/clock.js";
import { bootstrap } from "../src/modules/admin/bootstrap.js";
import { book } from "../src/modules/ledger/index.js";
import { PACKAGE_ROOT } from "../src/paths.js";
import { INSTITUTION_CODE, registerUser } from "./helper.js";

/**
 * `npm run ledger:check` run as an operator runs it, from the repository root with no build, against the
 * database the server would open: a clean ledger exits 0; a balance changed behind the ledger's back
 * (the append-only trigger guards postings and entries, not `ledger_accounts.balance`) exits 1 naming the
 * account; an embedded database another process has open is refused (exit 2) rather than opened twice.
 * On PostgreSQL with TEST_DATABASE_URL, else on an embedded database in a DATA_DIR.
 */
const REPO_ROOT = join(PACKAGE_ROOT, "..", "..");
const serverUrl = process.env.TEST_DATABASE_URL;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function ledgerCheck(env: Record<string, string>, args: string[] = []): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn("npm", ["run", "--silent", "ledger:check", "--", ...args], {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A user with a USD deposit and an exchange to INR, booked through the ledger. */
async function seed(database: Database): Promise<{ account: string; userId: string }> {
  const clock = new ManualClock();
  await bootstrap(database.db, clock, {
    adminAccount: "admin",
    adminPassword: "Back-office-Key-7",
    inviteCode: INSTITUTION_CODE,
  });
  const app = await buildApp({ db: database.db, clock, webDist: "/nonexistent-web-dist" });
  await app.ready();
  try {
    const { account } = await registerUser(app);
    const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.account, account));
    if (!row) throw new Error("no user");
    const at = clock.now();
    await database.db.transaction(async (tx) => {
      await book(tx, {
        entry: credit("deposit", row.id, "USD", "250.00"),
        userId: row.id,
        cause: { by: "system" },
        at,
      });
      await book(tx, {
        entry: exchange("exchange", row.id, "USD", "100.00", "INR", "8300.00"),
        userId: row.id,
        cause: { by: "user" },
        at,
      });
    });
    return { account, userId: row.id };
  } finally {
    await app.close();
  }
}

const corrupt = (database: Database, userId: string) =>
  database.db.execute(sql`
    update ledger_accounts set balance = balance + 1
    where user_id = ${userId} and currency = 'USD' and purpose = 'available'`);

// Each run starts a process through npm and tsx: seconds on a busy machine.
const SLOW = { timeout: 120_000 };

describe.skipIf(!!serverUrl)("ledger:check on the embedded database (DATA_DIR)", SLOW, () => {
  let dataDir: string;
  let env: Record<string, string>;
  let database: Database;
  let user: { account: string; userId: string };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "brokerage-ledger-check-"));
    env = { DATA_DIR: dataDir };
    // The run's migrated template, unpacked into a data folder (initdb and the migrations take far longer).
    mkdirSync(join(dataDir, "pglite"));
    const seedClient = new PGlite(join(dataDir, "pglite"), {
      loadDataDir: new Blob([readFileSync(inject("testDatabaseTemplate"))]),
    });
    await seedClient.close();
    database = openDatabase({ kind: "pglite", dataDir });
    await database.migrate();
    user = await seed(database);
  });
  afterAll(async () => {
    await database.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses to open the embedded database while another process has it open", async () => {
    const run = await ledgerCheck(env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/in use/);
    expect(run.stderr).toContain("Stop the server");
  });

  it("exits 0 on a clean ledger and says what it checked", async () => {
    await database.close();
    const run = await ledgerCheck(env);
    expect(run.stdout).toMatch(/Checked \d+ accounts, 2 entries, 6 postings\./);
    expect(run.stdout).toContain("Clean");
    expect(run.code).toBe(0);
  });

  it("exits 1 naming the account whose balance was changed directly in SQL", async () => {
    database = openDatabase({ kind: "pglite", dataDir });
    await corrupt(database, user.userId);
    await database.close();
    const run = await ledgerCheck(env);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("1 difference:");
    expect(run.stdout).toMatch(
      new RegExp(
        `account \\d+ \\(${user.account}, USD available\\): balance 151\\.00000000 but its postings sum to 150\\.00000000`,
      ),
    );
  });

  it("exits 2 when there is no database to check", async () => {
    const run = await ledgerCheck({ DATA_DIR: join(dataDir, "nothing-here") });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/no embedded database/);
  });
});

describe.skipIf(!serverUrl)("ledger:check on PostgreSQL (DATABASE_URL)", SLOW, () => {
  const name = `brokerage_test_${randomBytes(6).toString("hex")}`;
  let url: string;
  let database: Database;
  let user: { account: string; userId: string };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject("testDatabaseTemplate")}`);
    await admin.end();
    const parsed = new URL(serverUrl as string);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    database = openDatabase({ kind: "postgres", url });
    user = await seed(database);
  });
  afterAll(async () => {
    await database.close();
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });

  it("exits 0 on a clean ledger, with the server's pool still connected", async () => {
    const run = await ledgerCheck({ DATABASE_URL: url });
    expect(run.stdout).toMatch(/Checked \d+ accounts, 2 entries, 6 postings\./);
    expect(run.stdout).toContain("Clean");
    expect(run.code).toBe(0);
  });

  it("exits 1 naming the account whose balance was changed directly in SQL", async () => {
    await corrupt(database, user.userId);
    const run = await ledgerCheck({ DATABASE_URL: url });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      new RegExp(
        `account \\d+ \\(${user.account}, USD available\\): balance 151\\.00000000 but its postings sum to 150\\.00000000`,
      ),
    );
  });

  it("exits 2 when the database cannot be reached", async () => {
    const parsed = new URL(url);
    parsed.pathname = `/${name}_missing`;
    const run = await ledgerCheck({ DATABASE_URL: parsed.toString() });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/does not exist/);
  });
});
