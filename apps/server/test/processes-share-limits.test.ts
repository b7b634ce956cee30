import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, SERVER_ENTRY, startBuiltServer } from "../../../scripts/built-server.mjs";

// Two real server processes on one PostgreSQL database and one Redis: needs both (TEST_DATABASE_URL,
// TEST_REDIS_URL), as `.ci/run`'s second server run has them.
const databaseServer = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

type Server = Awaited<ReturnType<typeof startBuiltServer>>;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseServer });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function post(base: string, path: string, body: unknown): Promise<{ status: number; code?: string }> {
  const response = await fetch(`${base}/api/vue/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { status: number; code?: string };
}

/**
 * The log-in limits are counted in Redis, so every process of a fleet counts the same attempts: five wrong
 * passwords on one account from one address, whichever process took them, and that pair is refused on both.
 * Counted per process, the sixth attempt (B's third) would still reach its password check.
 */
describe.skipIf(!databaseServer || !redisUrl)("two server processes with REDIS_URL", () => {
  const name = `brokerage_fleet_${randomBytes(6).toString("hex")}`;
  const inviteCode = `FLEET-${randomBytes(3).toString("hex").toUpperCase()}`;
  let a: Server | undefined;
  let b: Server | undefined;

  beforeAll(async () => {
    if (!existsSync(SERVER_ENTRY)) {
      const build = spawnSync("npm", ["run", "build", "-w", "@brokerage/server"], { cwd: ROOT });
      if (build.status !== 0) throw new Error(`server build failed:\n${String(build.stderr)}`);
    }
    await admin((client) => client.query(`create database ${name}`));
    const url = new URL(databaseServer ?? "");
    url.pathname = `/${name}`;
    const options = {
      databaseUrl: url.toString(),
      env: { REDIS_URL: redisUrl ?? "", BOOTSTRAP_INVITE_CODE: inviteCode },
      healthTimeoutMs: 180_000,
    };
    // One after the other: the first migrates and bootstraps, the second finds it done.
    a = await startBuiltServer({ name: "fleet-a", ...options });
    b = await startBuiltServer({ name: "fleet-b", ...options });
  }, 400_000);

  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await admin((client) => client.query(`drop database if exists ${name} with (force)`));
  });

  it("share the log-in limit of one account", async () => {
    const A = a?.baseUrl ?? "";
    const B = b?.baseUrl ?? "";
    const account = `fleet${randomBytes(4).toString("hex")}`;
    const password = "correct-horse-1";
    const registered = await post(A, "user/register", {
      account,
      password,
      confirmPassword: password,
      inviteCode,
      agree: true,
    });
    expect(registered).toMatchObject({ status: 1 });

    const wrong = { account, password: "wrong-horse-1" };
    for (const base of [A, A, A, B, B]) {
      expect(await post(base, "user/login", wrong)).toMatchObject({ status: 0, code: "WRONG_CREDENTIALS" });
    }
    expect(await post(B, "user/login", wrong)).toMatchObject({ status: 0, code: "TOO_FREQUENT" });
    // The pair is refused on the other process too, the right password included.
    expect(await post(A, "user/login", { account, password })).toMatchObject({
      status: 0,
      code: "TOO_FREQUENT",
    });
  }, 120_000);
});
