import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { credit } from "@brokerage/core";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { openDatabase, type Database } from "../src/db/index.js";
import { PACKAGE_ROOT } from "../src/paths.js";
import { book, checkLedger } from "../src/modules/ledger/index.js";
import { rowsOf } from "../src/modules/ledger/repository.js";

/**
 * Durability (issue 8): a PostgreSQL-mode server process killed with SIGKILL in the middle of a burst of
 * deposits and withdrawals loses nothing it acknowledged and books nothing twice. After a restart every
 * request is sent again with its idempotency key: an acknowledged one answers the same record, and the
 * database holds exactly one deposit or withdrawal per acknowledged request, each withdrawal with exactly
 * one hold, and a clean ledger. Only with TEST_DATABASE_URL (the CI's PostgreSQL pass).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const USERS = 30;
const INVITE = "DURABLE1";
const PASSWORD = "Durable-pass-2026";
const FUND_PASSWORD = "Fund-durable-77";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("port")),
      );
    });
  });
}

interface Running {
  child: ChildProcess;
  base: string;
}

/** The server from source (no build needed), as one process: SIGKILL ends it at once, mid-request. */
async function startServer(databaseUrl: string, dataDir: string): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", join(PACKAGE_ROOT, "src/main.ts")], {
    cwd: PACKAGE_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "error",
      TRUST_PROXY: "true",
      BOOTSTRAP_INVITE_CODE: INVITE,
      ADMIN_ACCOUNT: "durableadmin",
      ADMIN_PASSWORD: "Durable-admin-2026",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${log}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`server did not start: ${log}`);
}

interface Envelope {
  status: number;
  code?: string;
  data: Record<string, unknown>;
}

async function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/api/vue/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope;
}

async function recharge(base: string, headers: Record<string, string>, channelId: string, key: string) {
  const form = new FormData();
  form.set("channelId", channelId);
  form.set("currency", "USD");
  form.set("amount", "50.00");
  form.set("idempotencyKey", key);
  const response = await fetch(`${base}/api/vue/fund/recharge`, { method: "POST", headers, body: form });
  return (await response.json()) as Envelope;
}

interface User {
  id: string;
  headers: Record<string, string>;
  cardId: string;
}

interface Operation {
  kind: "deposit" | "withdrawal";
  user: User;
  key: string;
  send(base: string): Promise<Envelope>;
}

describe.skipIf(!serverUrl)("durability: SIGKILL during a burst of deposits and withdrawals", () => {
  let database: Database;
  let databaseUrl: string;
  let dbName: string;
  let dataDir: string;
  let server: Running | undefined;

  beforeAll(async () => {
    if (!serverUrl) return;
    dbName = `brokerage_durable_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${dbName} template ${inject("testDatabaseTemplate")}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    database = openDatabase({ kind: "postgres", url: databaseUrl });
    dataDir = mkdtempSync(join(tmpdir(), "brokerage-durable-"));
  });

  afterAll(async () => {
    server?.child.kill("SIGKILL");
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (!serverUrl || !dbName) return;
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${dbName} with (force)`);
    await dropper.end();
  });

  it(
    "keeps every acknowledged operation exactly once and the ledger clean",
    { timeout: 180_000 },
    async () => {
      const db = database.db;
      // Open every day, all day, so the run does not depend on the hour; a channel without a voucher.
      const always = { days: [0, 1, 2, 3, 4, 5, 6], from: "00:00", to: "24:00", timeZone: "UTC" };
      for (const key of ["withdrawal.window", "recharge.window"])
        await db.execute(
          sql`insert into settings (key, value, updated_at) values (${key}, ${JSON.stringify(always)}::jsonb, now())`,
        );
      const channel = await db.execute(sql`
      insert into deposit_channels (kind, name, details, limits, voucher_required, created_at, updated_at)
      values ('otc', 'Durability OTC', '{"key": "DUR-1"}', '{"USD": {"min": "1", "max": "100000"}}', false, now(), now())
      returning id`);
      const channelId = rowsOf<{ id: string }>(channel)[0]?.id ?? "";

      server = await startServer(databaseUrl, dataDir);
      const users: User[] = [];
      for (let i = 0; i < USERS; i++) {
        const account = `durable${i}_${randomBytes(2).toString("hex")}`;
        const from = { "x-forwarded-for": `10.9.${i}.1` };
        const registered = await post(
          server.base,
          "user/register",
          { account, password: PASSWORD, confirmPassword: PASSWORD, inviteCode: INVITE, agree: true },
          from,
        );
        expect(registered.status).toBe(1);
        const headers = { token: String(registered.data.token), account, ...from };
        const [row] = rowsOf<{ id: string }>(
          await db.execute(sql`select id from users where account = ${account}`),
        );
        if (!row) throw new Error("user missing");
        await db.execute(
          sql`update users set kyc_status = 'verified', realname = 'Durable Tester' where id = ${row.id}`,
        );
        expect(
          (
            await post(
              server.base,
              "user/setFundPassword",
              { fundPassword: FUND_PASSWORD, confirmFundPassword: FUND_PASSWORD },
              headers,
            )
          ).status,
        ).toBe(1);
        const card = await post(
          server.base,
          "bank/add",
          {
            holderName: "Durable Tester",
            cardNumber: `62220000${String(i).padStart(4, "0")}${(randomBytes(2).readUInt16BE() % 9000) + 1000}`,
            bankName: "State Bank of India",
            branchName: "Fort",
            ifsc: "SBIN0000300",
          },
          headers,
        );
        expect(card).toMatchObject({ status: 1 });
        await db.transaction((tx) =>
          book(tx, {
            entry: credit("deposit", row.id, "USD", "500.00"),
            userId: row.id,
            cause: { by: "system" },
            at: new Date(),
          }),
        );
        users.push({ id: row.id, headers, cardId: String(card.data.id) });
      }

      const operations: Operation[] = users.flatMap((user, i) => [
        {
          kind: "deposit" as const,
          user,
          key: `dur-dep-${i}-${randomBytes(4).toString("hex")}`,
          send(base: string) {
            return recharge(base, user.headers, channelId, this.key);
          },
        },
        {
          kind: "withdrawal" as const,
          user,
          key: `dur-wd-${i}-${randomBytes(4).toString("hex")}`,
          send(base: string) {
            return post(
              base,
              "fund/withdraw",
              {
                currency: "USD",
                amount: "120.00",
                bankCardId: user.cardId,
                fundPassword: FUND_PASSWORD,
                idempotencyKey: this.key,
              },
              user.headers,
            );
          },
        },
      ]);

      // The burst: every operation at once; the process is killed after the first acknowledgements.
      const running = server;
      const acknowledged = new Map<Operation, Envelope>();
      let killed = false;
      await Promise.all(
        operations.map(async (op) => {
          try {
            const answer = await op.send(running.base);
            if (answer.status === 1 && !killed) acknowledged.set(op, answer);
            if (acknowledged.size >= 8 && !killed) {
              killed = true;
              running.child.kill("SIGKILL");
            }
          } catch {
            // the connection died with the process: not acknowledged
          }
        }),
      );
      if (!killed) running.child.kill("SIGKILL");
      if (running.child.exitCode === null && running.child.signalCode === null)
        await new Promise((resolve) => running.child.once("exit", resolve));
      expect(acknowledged.size).toBeGreaterThanOrEqual(8);
      expect(acknowledged.size).toBeLessThan(operations.length);

      server = await startServer(databaseUrl, dataDir);
      const restarted = server;
      // Every request again with its key: an acknowledged one answers its first answer, unchanged.
      for (const op of operations) {
        const again = await op.send(restarted.base);
        const first = acknowledged.get(op);
        if (first) expect(again).toEqual(first);
        // A valid request the kill cut off either committed (its answer is stored) or left nothing: now it succeeds.
        expect(again, `${op.kind} ${op.key}`).toMatchObject({ status: 1 });
      }
      for (const user of users) {
        const [counts] = rowsOf<{ deposits: number; withdrawals: number; holds: number }>(
          await db.execute(sql`
          select (select count(*) from deposits where user_id = ${user.id})::int as deposits,
                 (select count(*) from withdrawals where user_id = ${user.id})::int as withdrawals,
                 (select count(*) from journal_entries where user_id = ${user.id} and type = 'withdrawalHold')::int as holds`),
        );
        // One deposit and one withdrawal were asked for each user: exactly one of each now exists.
        expect(counts).toEqual({ deposits: 1, withdrawals: 1, holds: 1 });
      }
      expect(await checkLedger(db)).toEqual([]);
    },
  );
});
