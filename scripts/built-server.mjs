// Runs the built server (apps/server/dist/main.js) as a child process on a free loopback port with a
// throwaway embedded database: what the end-to-end journeys and the benchmarks run against.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_ENTRY = join(ROOT, "apps/server/dist/main.js");

/** The system Chromium (Debian package `chromium`) and the flags every headless run of it uses. */
export const CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** POSTs a call to the API at `base` and answers its `data`; a business error throws. */
export async function apiPost(base, path, body, headers = {}) {
  const response = await fetch(`${base}/api/vue/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (answer.status !== 1) throw new Error(`${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** A loopback port free at this moment. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * Creates and migrates an embedded database in `dataDir` as the server's first start does, and stops:
 * a data folder to copy for each start (`fromDataDir`), instead of initdb and every migration each time.
 */
export function prepareDataDir(dataDir) {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first.`);
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", BROKERAGE_PREPARE_DATABASE_ONLY: "1" };
  delete env.DATABASE_URL;
  const child = spawnSync(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env, encoding: "utf8" });
  if (child.status !== 0)
    throw new Error(`preparing the database failed (${child.status}):\n${child.stdout}${child.stderr}`);
}

/**
 * Starts the server and waits until GET /api/health answers status 1. `env` adds to the environment
 * (e.g. BOOTSTRAP_INVITE_CODE); DATABASE_URL is dropped so the run never touches a real database, unless
 * `databaseUrl` names one on purpose (a benchmark comparing the embedded database with PostgreSQL).
 * `fromDataDir` (from prepareDataDir) is copied into the fresh data folder first.
 */
export async function startBuiltServer({
  name = "run",
  env = {},
  databaseUrl,
  fromDataDir,
  healthTimeoutMs = 60_000,
} = {}) {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first.`);
  const dataDir = mkdtempSync(join(tmpdir(), `brokerage-${name}-`));
  if (fromDataDir) cpSync(fromDataDir, dataDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...env,
  };
  delete childEnv.DATABASE_URL;
  if (databaseUrl) childEnv.DATABASE_URL = databaseUrl;
  // SERVER_NODE_ARGS passes flags to the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to
  // profile it under a benchmark (NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    cwd: ROOT,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const collect = (chunk) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);

  async function stop() {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    rmSync(dataDir, { recursive: true, force: true });
  }

  const deadline = Date.now() + healthTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with ${child.exitCode}:\n${log}`);
    }
    const healthy = await fetch(`${baseUrl}/api/health`)
      .then(async (res) => res.ok && (await res.json()).status === 1)
      .catch(() => false);
    if (healthy) return { baseUrl, pid: child.pid, output: () => log, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server did not become healthy in ${healthTimeoutMs / 1000} s:\n${log}`);
}
