import { buildApp } from "./app.js";
import { openDatabase } from "./db/index.js";
import { readEnv } from "./env.js";
import { systemClock } from "./lib/clock.js";
import { bootstrap, firstStartNotice } from "./modules/admin/bootstrap.js";

const env = readEnv();
const database = openDatabase(
  env.databaseUrl ? { kind: "postgres", url: env.databaseUrl } : { kind: "pglite", dataDir: env.dataDir },
);
await database.migrate();

const notice = firstStartNotice(
  await bootstrap(database.db, systemClock, {
    adminAccount: env.adminAccount,
    adminPassword: env.adminPassword,
    inviteCode: env.bootstrapInviteCode,
  }),
);
if (notice) process.stdout.write(`\n${notice}\n\n`);

const app = await buildApp({
  db: database.db,
  clock: systemClock,
  logger: { level: env.logLevel },
  webDist: env.webDist,
  trustProxy: env.trustProxy,
  market: { seed: env.marketSeed, csvDir: env.marketCsvDir, redisUrl: env.redisUrl },
  sessionPolicy: {
    ...(env.sessionIdleMs !== undefined && { idleMs: env.sessionIdleMs }),
    ...(env.sessionAbsoluteMs !== undefined && { absoluteMs: env.sessionAbsoluteMs }),
  },
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, "shutting down");
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "shutdown failed");
    process.exit(1);
  }
}
process.once("SIGINT", () => void shutdown("SIGINT"));
process.once("SIGTERM", () => void shutdown("SIGTERM"));

try {
  await app.listen({ port: env.port, host: env.host });
  app.log.info(
    { driver: database.driver, dataDir: database.driver === "pglite" ? env.dataDir : undefined },
    "brokerage server ready",
  );
} catch (error) {
  app.log.error({ err: error }, "cannot start");
  await database.close();
  process.exit(1);
}
