import { PGlite } from "@electric-sql/pglite";
const db = await PGlite.create("/tmp/pdata/pglite");
await db.query("insert into users (account, password_hash, invite_code) values ($1, $2, $3) on conflict do nothing", ["benchuser", "x", "INVX1234"]).catch(e => console.log(e.message));
const { rows } = await db.query("select id from users limit 1");
const id = rows[0].id;
const q = `select "account","realname","invite_code","kyc_status","fund_password_hash" is not null,"credit_score","frozen","login_banned","disabled","trade_banned","withdraw_banned","created_at" from "users" where "users"."id" = $1 limit $2`;
for (const [name, fn] of [
  ["query params", () => db.query(q, [id, 1])],
  ["query array", () => db.query(q, [id, 1], { rowMode: "array" })],
  ["simple exec", () => db.exec(q.replace("$1", `'${id}'`).replace("$2", "1"))],
]) {
  for (let i = 0; i < 300; i++) await fn();
  const n = 3000; const t = performance.now();
  for (let i = 0; i < n; i++) await fn();
  console.log(name, ((performance.now() - t) / n * 1000).toFixed(0), "µs");
}
await db.close();
