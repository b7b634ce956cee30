#!/usr/bin/env node
// `npm start`: build what is out of date (web app, server bundle), then run the server in this process's
// place. A fresh clone builds both; a second start with no source change starts at once.
// `npm start -- --no-build` runs what is built as it is (built elsewhere, or a test of the launcher).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** Newest modification time below the given paths (files or folders), skipping build output. */
function newest(paths) {
  let latest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== "node_modules" && name !== "dist") walk(join(p, name));
    } else latest = Math.max(latest, s.mtimeMs);
  };
  paths.forEach((p) => walk(join(root, p)));
  return latest;
}

const outputTime = (file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : -1);
const shared = ["packages/core/src", "packages/api/src", "package-lock.json"];
const serverEntry = "apps/server/dist/main.js";

const targets = [
  {
    workspace: "@brokerage/web",
    output: "apps/web/dist/index.html",
    inputs: [
      "apps/web/src",
      "apps/web/public",
      "apps/web/scripts",
      "apps/web/index.html",
      "apps/web/vite.config.ts",
      "apps/web/localePartsPlugin.ts",
      // The back office (/admin/): its own page and build config, built into dist/admin/ by the same script.
      "apps/web/admin",
      "apps/web/vite.admin.config.ts",
      "apps/web/package.json",
      ...shared,
    ],
  },
  {
    workspace: "@brokerage/server",
    output: serverEntry,
    inputs: ["apps/server/src", "apps/server/build.mjs", ...shared],
  },
];

const build = !process.argv.includes("--no-build");
if (!build && !existsSync(join(root, serverEntry))) {
  console.error(`${serverEntry} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

for (const { workspace, output, inputs } of build ? targets : []) {
  if (outputTime(output) >= newest(inputs)) continue;
  console.log(`Building ${workspace} …`);
  const result = spawnSync(npm, ["run", "build", "-w", workspace], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [join(root, serverEntry)], { cwd: root, stdio: "inherit" });
// Ctrl-C: the terminal sends SIGINT to its whole foreground process group, the server included, so
// passing it on would give the server a second one. Listening keeps this process until the server has
// closed, and it then exits as the server did. A SIGTERM mostly comes to this process alone (a service
// manager, `kill <pid>`) and is passed on; a copy that reached the server as well is ignored there.
process.on("SIGINT", () => {});
process.on("SIGTERM", () => server.kill("SIGTERM"));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
