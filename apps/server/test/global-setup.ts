import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/index.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated database to copy: a PGlite data-folder dump (file path) or a PostgreSQL database name. */
    testDatabaseTemplate: string;
  }
}

interface Template {
  value: string;
  remove(): Promise<void>;
}

/**
 * Builds the database by the real migrations once per run; each test file then starts from a copy
 * (PGlite: loads the dump, ~1 s instead of ~8 s of initdb and migrations; PostgreSQL: CREATE DATABASE …
 * TEMPLATE). The migrations still run for real, here, on every test run.
 *
 * The server's projects (vitest.config.ts: "server" and "server-isolated") share one template: each loads
 * this file on its own, so it is kept on the main process's globalThis and removed when the last is done.
 */
export default async function setup(project: TestProject) {
  const shared = globalThis as { brokerageTestTemplate?: { template: Promise<Template>; users: number } };
  shared.brokerageTestTemplate ??= { template: buildTemplate(), users: 0 };
  const entry = shared.brokerageTestTemplate;
  entry.users += 1;
  const template = await entry.template;
  project.provide("testDatabaseTemplate", template.value);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    delete shared.brokerageTestTemplate;
    await template.remove();
  };
}

async function buildTemplate(): Promise<Template> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = openDatabase({ kind: "memory" });
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    await database.close();
    const dir = mkdtempSync(join(tmpdir(), "brokerage-test-template-"));
    const file = join(dir, "pglite.tar");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return { value: file, remove: async () => rmSync(dir, { recursive: true, force: true }) };
  }

  const name = `brokerage_template_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ kind: "postgres", url: url.toString() });
  await database.migrate();
  await database.close();
  return {
    value: name,
    async remove() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
