import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { CHROMIUM, prepareDataDir, SERVER_ENTRY } from "../scripts/built-server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** A data folder the built server created and migrated, copied by each journey's start ("" if none). */
    e2eDataTemplate: string;
  }
}

/**
 * Each journey starts its own server on a fresh data folder. Creating and migrating the embedded database
 * is most of a start, so it is done once per run here (by the built server itself) and copied per journey.
 */
export default function setup(project: TestProject) {
  // Without a build the harness says what to run, without a browser the journeys skip or fail: nothing to
  // prepare for them.
  if (!existsSync(SERVER_ENTRY) || !existsSync(CHROMIUM)) return void project.provide("e2eDataTemplate", "");
  const dir = mkdtempSync(join(tmpdir(), "brokerage-e2e-template-"));
  prepareDataDir(dir);
  project.provide("e2eDataTemplate", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
