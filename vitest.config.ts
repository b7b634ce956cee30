import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/** The server's test files, in two projects that differ only in isolation (below). */
const server = {
  root: "apps/server",
  globalSetup: ["test/global-setup.ts"],
  setupFiles: ["test/setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
/**
 * Server test files that need a module graph of their own: a `vi.mock` of a module the app imports only
 * takes hold where that module is loaded afresh.
 */
const SERVER_ISOLATED = ["test/hostile-text.test.ts"];
/**
 * Server test files that never open the database TEST_DATABASE_URL names, nor Redis: each starts an embedded
 * or in-memory database of its own, or none (pure code, the lint rules). With TEST_SKIP_EMBEDDED_ONLY set
 * they are left out: .ci/run sets it for its second server run (on PostgreSQL), where they would repeat the
 * first run's work exactly.
 */
const SERVER_EMBEDDED_ONLY = [
  "test/interrupt.test.ts",
  "src/db/data-dir.test.ts",
  "src/env.test.ts",
  "src/boundaries.test.ts",
  "src/db/arrays.test.ts",
  "src/lib/batcher.test.ts",
  "src/lib/images.test.ts",
  "src/lib/login-throttle.test.ts",
  "src/lib/password.test.ts",
  "src/lib/shutdown.test.ts",
  "src/lib/totp.test.ts",
  "src/modules/ipo/draw-key.test.ts",
  "src/modules/market/candle-csv.test.ts",
  "src/modules/session/cache.test.ts",
  "src/modules/trading/config.test.ts",
];

// One runner, one project per layer. `npm test` runs them all; the e2e project drives the system Chromium.
export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one on a 2-core CI machine, leaving a
    // core idle under test files that are CPU-bound (PGlite, jsdom) from start to end.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: "core",
          root: "packages/core",
          include: ["src/**/*.test.ts"],
          // The 100,000-entry order book runs ~1.5 s alone; beside another worker on a busy machine, >5 s.
          testTimeout: 30_000,
          // Pure functions without mocks or module state: a worker loads the modules once for all files.
          isolate: false,
        },
      },
      { test: { name: "api", root: "packages/api", include: ["src/**/*.test.ts"], isolate: false } },
      {
        test: {
          ...server,
          name: "server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: [
            ...configDefaults.exclude,
            ...SERVER_ISOLATED,
            ...(process.env.TEST_SKIP_EMBEDDED_ONLY ? SERVER_EMBEDDED_ONLY : []),
          ],
          // Each worker loads the server's modules (Fastify, drizzle, zod schemas, every route) once for
          // all its files instead of once per file: that loading was most of a file's time. Every file
          // still builds its own app on its own database copy; test/setup.ts still runs before each file.
          isolate: false,
        },
      },
      { test: { ...server, name: "server-isolated", include: SERVER_ISOLATED } },
      "apps/web/vitest.config.ts",
      {
        test: {
          name: "e2e",
          root: "e2e",
          include: ["**/*.e2e.ts"],
          globalSetup: ["global-setup.ts"],
          setupFiles: ["on-failure.ts"],
          // On CI a journey's failed test runs once more before the run fails: a browser, a server and the
          // PostgreSQL suite share two cores there, and a step can miss its 15 s once. The first failure is
          // still printed with what the pages showed (on-failure.ts), so a flaky step stays visible.
          retry: process.env.CI ? 1 : 0,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each journey has its own server, data folder and browser; half its time is waiting (the browser
          // painting, the server answering), so two run at once on a 2-core machine.
          fileParallelism: true,
        },
      },
    ],
  },
});
