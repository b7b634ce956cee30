import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

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
        },
      },
      { test: { name: "api", root: "packages/api", include: ["src/**/*.test.ts"] } },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          globalSetup: ["test/global-setup.ts"],
          setupFiles: ["test/setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      "apps/web/vitest.config.ts",
      {
        test: {
          name: "e2e",
          root: "e2e",
          include: ["**/*.e2e.ts"],
          globalSetup: ["global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
