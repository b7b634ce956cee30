import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { freePort, ROOT, SERVER_ENTRY } from "../../../scripts/built-server.mjs";

function exited(child: ChildProcess): Promise<{ code: number | null; signal: string | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}

/** Whether any process of the group led by `pid` is still running. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let dataDir: string;
let started: ChildProcess | undefined;
let output = "";

beforeAll(() => {
  // Built only when missing: the test runs what `npm start -- --no-build` runs.
  if (!existsSync(SERVER_ENTRY)) {
    const build = spawnSync("npm", ["run", "build", "-w", "@brokerage/server"], { cwd: ROOT });
    if (build.status !== 0) throw new Error(`server build failed:\n${String(build.stderr)}`);
  }
  dataDir = mkdtempSync(join(tmpdir(), "brokerage-interrupt-"));
});
afterAll(() => {
  if (started?.pid && groupAlive(started.pid)) process.kill(-started.pid, "SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * One Ctrl-C stops `npm start` cleanly. The terminal sends SIGINT to its whole foreground process group:
 * the launcher (scripts/start.mjs, what `npm start` runs) and the server alike. The server closes once and
 * unlocks the embedded database, so `ledger:check` runs afterwards without --force.
 */
describe("npm start", () => {
  it(
    "stops on one SIGINT to its process group and leaves the embedded database unlocked",
    { timeout: 240_000 },
    async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
      };
      delete env.DATABASE_URL;
      // Detached: its own process group, as a terminal's foreground job is.
      const child = spawn(process.execPath, ["scripts/start.mjs", "--no-build"], {
        cwd: ROOT,
        env,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      });
      started = child;
      const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
      child.stdout?.on("data", collect);
      child.stderr?.on("data", collect);
      const pid = child.pid ?? 0;

      await until(async () => {
        if (child.exitCode !== null)
          throw new Error(`the launcher exited with ${child.exitCode}:\n${output}`);
        const answer = await fetch(`${base}/api/health`).catch(() => null);
        return answer?.ok === true;
      }, "the server to answer");
      // A quote socket open at the moment of the Ctrl-C is closed by the server, not cut by its death.
      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws`);
      await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
      const socketClosed = new Promise<number>((resolve) => socket.once("close", resolve));

      process.kill(-pid, "SIGINT");
      expect(await exited(child), output).toEqual({ code: 0, signal: null });
      await until(() => !groupAlive(pid), "every process of the group to exit", 10_000);
      // A close frame (1005: it carries no code), not a cut connection (1006).
      expect(await socketClosed).toBe(1005);
      expect(output).toContain("shutting down");
      expect(output).not.toContain("forced to stop");
      expect(existsSync(join(dataDir, "pglite", "postmaster.pid"))).toBe(false);

      const check = spawnSync("npx", ["tsx", "apps/server/src/cli/ledger-check.ts"], {
        cwd: ROOT,
        env,
        encoding: "utf8",
      });
      expect(check.status, `${check.stdout}\n${check.stderr}`).toBe(0);
    },
  );
});
