import { PGlite } from "@electric-sql/pglite";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
const mode = process.argv[2] ?? "dir";
const db = mode === "mem" ? new PGlite() : new PGlite(join(mkdtempSync(join(tmpdir(), "pgl-")), "db"));
await db.exec(`create table users (id uuid primary key default gen_random_uuid(), account text not null, realname text, status text, credit int, created_at timestamptz default now(), invite text, kyc text, f1 boolean default false, f2 boolean default false);
insert into users (account) select 'u'||g from generate_series(1,2000) g;`);
const { rows } = await db.query("select id from users limit 1 offset 500");
const id = rows[0].id;
const q = "select id, account, realname, status, credit, created_at, invite, kyc, f1, f2 from users where id = $1 limit 1";
async function time(label, fn, n = 5000) {
  for (let i = 0; i < 500; i++) await fn();
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await fn();
  console.log(label, (Number(process.hrtime.bigint() - t) / n / 1000).toFixed(1), "µs");
}
await time("query $1", () => db.query(q, [id]));
await db.exec(`prepare p1(uuid) as ${q.replace("$1", "$1")}`);
try { await time("execute p1($1)", () => db.query("execute p1($1)", [id])); } catch (e) { console.log("execute with param failed:", e.message); }
await time("execute p1('lit') simple", () => db.exec(`execute p1('${id}')`));
await time("select 1", () => db.query("select 1"));
await time("exec select 1", () => db.exec("select 1"));
