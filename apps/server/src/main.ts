import { buildApp } from "./app.js";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { openDatabase, pgliteIsNew } from "./db/index.js";
import { readEnv } from "./env.js";
import { systemClock } from "./lib/clock.js";
import { testClockFromEnv } from "./lib/test-clock.js";
import { bufferedStdout } from "./lib/log-destination.js";
import { Shutdown } from "./lib/shutdown.js";
import { bootstrap, firstStartNotice, StartupError } from "./modules/admin/bootstrap.js";

// Whatever the server writes (the embedded database, later uploads) is for its own user only.
process.umask(0o077);

const env = readEnv();
// Read before anything starts: TEST_CLOCK with NODE_ENV=production stops the process here.
const testClock = testClockFromEnv();
const clock = testClock ?? systemClock;

let app: FastifyInstance | undefined;
const SHUTDOWN_LOG = {
  stopping: "shutting down (Ctrl-C again to force it)",
  forced: "forced to stop: the embedded database may be left locked",
  failed: "shutdown failed",
} as const;
/**
 * Listening from the first moment: a signal during the start (the first start's child included) waits
 * for it and then closes cleanly, where Node's default would kill the process with the database open.
 */
const shutdown = new Shutdown({
  log: (event, { signal, err }) => {
    if (!app) return void process.stderr.write(`${SHUTDOWN_LOG[event]} (${signal})\n`);
    app.log[event === "stopping" ? "info" : "error"]({ signal, err }, SHUTDOWN_LOG[event]);
  },
});
shutdown.listen();

/**
 * Creating the embedded database (initdb) leaves the process holding hundreds of MiB it never gives
 * back. So a first start creates and migrates it in a short-lived copy of this process, marked by this
 * variable, and then opens it as any later start does.
 */
const PREPARE_ONLY = "BROKERAGE_PREPARE_DATABASE_ONLY";
if (!env.databaseUrl && !process.env[PREPARE_ONLY] && pgliteIsNew(env.dataDir)) {
  const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, [PREPARE_ONLY]: "1" },
    stdio: "inherit",
  });
  if (child.status !== 0) process.exit(child.status ?? 1);
}

const startup = start();
shutdown.startingUp(startup);
// As an uncaught error at the top level would: printed, and the process ends with 1.
startup.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

async function start(): Promise<void> {
  const database = openDatabase(
    env.databaseUrl ? { kind: "postgres", url: env.databaseUrl } : { kind: "pglite", dataDir: env.dataDir },
  );
  shutdown.onStop("database", () => database.close());
  await database.migrate();
  if (process.env[PREPARE_ONLY]) {
    await database.close();
    process.exit(0);
  }

  let notice: string | null;
  try {
    notice = firstStartNotice(
      await bootstrap(database.db, clock, {
        adminAccount: env.adminAccount,
        adminPassword: env.adminPassword,
        inviteCode: env.bootstrapInviteCode,
      }),
    );
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    process.stderr.write(`\n${error.message}\n\n`);
    await database.close();
    process.exit(1);
  }
  if (notice) process.stdout.write(`\n${notice}\n\n`);

  const log = bufferedStdout();
  const server = await buildApp({
    db: database.db,
    clock,
    testClock,
    logger: { level: env.logLevel, stream: log },
    webDist: env.webDist,
    // Uploaded photos, private to the server's user (umask above); with several processes, DATA_DIR is shared.
    imageDir: join(env.dataDir, "images"),
    trustProxy: env.trustProxy,
    adminRequire2fa: env.adminRequire2fa,
    market: { seed: env.marketSeed, csvDir: env.marketCsvDir, redisUrl: env.redisUrl },
    stream: {
      ...(env.wsMaxSocketsPerUser !== undefined && { maxSocketsPerUser: env.wsMaxSocketsPerUser }),
      ...(env.wsMaxPendingPerAddress !== undefined && { maxPendingPerAddress: env.wsMaxPendingPerAddress }),
    },
    sessionPolicy: {
      ...(env.sessionIdleMs !== undefined && { idleMs: env.sessionIdleMs }),
      ...(env.sessionAbsoluteMs !== undefined && { absoluteMs: env.sessionAbsoluteMs }),
    },
  });
  app = server;
  // HTTP, quote sockets, schedulers and the bus, all closed by Fastify's close; the database after them.
  shutdown.onStop("server", () => server.close());
  if (shutdown.stopping) return;

  try {
    await server.listen({ port: env.port, host: env.host });
    server.log.info(
      { driver: database.driver, dataDir: database.driver === "pglite" ? env.dataDir : undefined },
      "brokerage server ready",
    );
    for (const warning of database.warnings) server.log.warn(warning);
    if (testClock)
      server.log.warn("TEST_CLOCK=1: the clock moves on POST /api/test/clock/advance (tests only)");
    // Again after the start-up logs (Fastify logs each listening address a moment after listen
    // resolves), which would otherwise push it out of sight.
    if (notice)
      setImmediate(() => {
        log.flushSync();
        process.stdout.write(`\n${notice}\n\n`);
      });
  } catch (error) {
    server.log.error({ err: error }, "cannot start");
    await database.close();
    process.exit(1);
  }
}
