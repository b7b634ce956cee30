// CPU time of the server process per request (robust to other load): node .tmp/cpureq.mjs
import { spawn } from "node:child_process";
import { readFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
const ticks = 100; // CLK_TCK
const cpu = (pid) => { const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" "); return (Number(f[11]) + Number(f[12])) / ticks; };
async function start(args, env, ready) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  let port = env.PORT;
  if (!port) port = await new Promise((r) => child.stdout.once("data", (c) => r(String(c).trim())));
  for (let i = 0; i < 120; i++) { try { const r = await fetch(`http://127.0.0.1:${port}${ready}`, { method: ready === "/bare" ? "POST" : "GET" }); if (r.ok) break; } catch {} await new Promise((r) => setTimeout(r, 500)); }
  return { child, port };
}
async function perReq(pid, url, body, headers = {}, amount = 30000) {
  const opts = { url, method: "POST", connections: 16, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
  await autocannon({ ...opts, amount: 3000 });
  const c0 = cpu(pid); const r = await autocannon({ ...opts, amount }); const c1 = cpu(pid);
  if (r.non2xx) throw new Error("non2xx " + url);
  return ((c1 - c0) / amount) * 1e6;
}
const bare = await start([new URL("../scripts/bench/bare-server.mjs", import.meta.url).pathname], {}, "/bare");
const PORT = "4933";
const srv = await start(["apps/server/dist/main.js"], { PORT, HOST: "127.0.0.1", DATA_DIR: mkdtempSync(join(tmpdir(), "cpq-")), LOG_LEVEL: "warn", BOOTSTRAP_INVITE_CODE: "BENCH-INVITE" }, "/api/health");
const api = (p) => `http://127.0.0.1:${PORT}/api/vue/${p}`;
const reg = await (await fetch(api("user/register"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ account: "cpu_" + Date.now(), password: "Bench-Reader-2026", confirmPassword: "Bench-Reader-2026", inviteCode: "BENCH-INVITE", agree: true }) })).json();
const h = { token: reg.data.token, account: reg.data.account };
const rounds = Number(process.argv[2] ?? 2);
for (let i = 0; i < rounds; i++) {
  const b = await perReq(bare.child.pid, `http://127.0.0.1:${bare.port}/bare`, {});
  const z = await perReq(srv.child.pid, api("parameter/zhishu"), { type: "IN" });
  const q = await perReq(srv.child.pid, api("market/quote"), { symbol: "RELIANCE" });
  const u = await perReq(srv.child.pid, api("user/getUserinfo"), {}, h, 15000);
  console.log(`bare ${b.toFixed(1)} µs | zhishu ${z.toFixed(1)} (${(b / z).toFixed(2)}×) | quote ${q.toFixed(1)} (${(b / q).toFixed(2)}×) | getUserinfo ${u.toFixed(1)}`);
}
bare.child.kill(); srv.child.kill();
