import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { UserAnswer, UserJsonPath, UserRequest } from "@brokerage/api";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { buildApp, type AppOptions } from "../src/app.js";
import { openDatabase, type Database } from "../src/db/index.js";
import { ManualClock } from "../src/lib/clock.js";
import { bootstrap } from "../src/modules/admin/bootstrap.js";

export const INSTITUTION_CODE = "INST-TEST";
export const PASSWORD = "correct-horse-1";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  close(): Promise<void>;
}

/**
 * A fresh database built by the real migrations: a copy of the run's migrated template (test/global-setup.ts)
 * in memory on PGlite, or, with TEST_DATABASE_URL, a throwaway database on that PostgreSQL server made
 * from the template (dropped by close()).
 */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject("testDatabaseTemplate");
  if (!serverUrl) {
    const database = openDatabase({ kind: "memory", from: new Blob([readFileSync(template)]) });
    await database.migrate(); // nothing to apply: proves the copy is of the current migrations
    return { database, drop: () => database.close() };
  }
  const name = `brokerage_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ kind: "postgres", url: url.toString() });
  await database.migrate();
  return {
    database,
    async drop() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export async function buildTestApp(
  options: Partial<AppOptions> & { setup?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const clock = new ManualClock();
  await bootstrap(database.db, clock, {
    adminAccount: "admin",
    adminPassword: "Back-office-Key-7",
    inviteCode: INSTITUTION_CODE,
  });
  // Every answer is parsed with its zod schema first: a handler drifting from the contract fails its test.
  const app = await buildApp({
    db: database.db,
    clock,
    webDist: "/nonexistent-web-dist",
    checkResponses: true,
    ...options,
  });
  options.setup?.(app);
  await app.ready();
  return {
    app,
    database,
    clock,
    async close() {
      await app.close();
      await drop();
    },
  };
}

export interface Answer<Data = unknown> {
  httpStatus: number;
  status: number;
  msg: string;
  code?: string;
  params?: Record<string, string>;
  data: Data;
  requestId?: string;
}

/**
 * POSTs a JSON call to /api/vue/<path> and returns the parsed envelope with the HTTP status. A call of the
 * endpoint table with its body answers its `data` typed (null on a refusal); any other path or body (the
 * malformed and hostile requests tests send) answers `data` unknown.
 */
export async function call<P extends UserJsonPath>(
  app: FastifyInstance,
  path: P,
  body?: UserRequest<P>,
  headers?: Record<string, string>,
  remoteAddress?: string,
): Promise<Answer<UserAnswer<P> | null>>;
export async function call(
  app: FastifyInstance,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
  remoteAddress?: string,
): Promise<Answer>;
export async function call(
  app: FastifyInstance,
  path: string,
  body: unknown = {},
  headers: Record<string, string> = {},
  remoteAddress = "10.0.0.1",
): Promise<Answer> {
  return postJson(app, `/api/vue/${path}`, body, headers, remoteAddress);
}

/** POSTs `body` as JSON to `url` through the app and answers the parsed envelope with the HTTP status. */
export async function postJson(
  app: FastifyInstance,
  url: string,
  body: unknown,
  headers: Record<string, string>,
  remoteAddress: string,
): Promise<Answer> {
  const response = await app.inject({
    method: "POST",
    url,
    payload: body as Record<string, unknown>,
    headers,
    remoteAddress,
  });
  return { httpStatus: response.statusCode, ...(response.json() as Omit<Answer, "httpStatus">) };
}

export interface Session {
  token: string;
  account: string;
  headers: Record<string, string>;
}

let accountCounter = 0;
/** A fresh, valid account name per call, unique within the test run. */
export function newAccount(prefix = "user"): string {
  accountCounter += 1;
  return `${prefix}${accountCounter}_${randomBytes(3).toString("hex")}`;
}

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    account: newAccount(),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    inviteCode: INSTITUTION_CODE,
    agree: true,
    ...overrides,
  };
}

export async function registerUser(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const answer = await call(app, "user/register", registration(overrides));
  if (answer.status !== 1) throw new Error(`registration failed: ${JSON.stringify(answer)}`);
  return toSession(answer);
}

export function toSession(answer: Answer): Session {
  const { token, account } = answer.data as UserAnswer<"user/login">;
  return { token, account, headers: { token, account } };
}
