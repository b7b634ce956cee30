#!/usr/bin/env node
// `npm start`: build what is out of date (web app, server bundle), then run the server in this process's
// place. A fresh clone builds both; a second start with no source change starts at once.
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
    output: "apps/server/dist/main.js",
    inputs: ["apps/server/src", "apps/server/build.mjs", ...shared],
  },
];

for (const { workspace, output, inputs } of targets) {
  if (outputTime(output) >= newest(inputs)) continue;
  console.log(`Building ${workspace} …`);
  const result = spawnSync(npm, ["run", "build", "-w", workspace], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [join(root, "apps/server/dist/main.js")], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
