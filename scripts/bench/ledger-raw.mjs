// The yardstick of the embedded ledger benchmark (scripts/bench/ledger.mjs): the exchange's transaction
// written by hand against PGlite, with no HTTP, no framework and no ORM, on the real schema (the server's
// migrations) in a data folder on disk as the server keeps it. Each transaction issues the statements the
// app's `fund/exchange` issues, in the same order: claim the idempotency key, claim the quote, lock the
// user's two wallets (finding the platform's FX accounts), move them and write the entry and the user's
// postings, link the quote, then settle the FX accounts with their postings and store the answer in one
// statement. Prints {tps, p99} as JSON.
//
//   node scripts/bench/ledger-raw.mjs <seconds>
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { ROOT } from "../built-server.mjs";

const seconds = Number(process.argv[2] ?? 10);
const USERS = 64;
const PAY = "0.10";
const RECEIVE = "8.30";

const dir = mkdtempSync(join(tmpdir(), "brokerage-ledger-raw-"));
const client = new PGlite(join(dir, "pglite"));

/** The accounts of an exchange USD → INR: the user's two wallets and the platform's two FX accounts. */
const lines = (userId) => [
  [userId, "available", "USD", `-${PAY}`],
  [null, "fx", "USD", PAY],
  [null, "fx", "INR", `-${RECEIVE}`],
  [userId, "available", "INR", RECEIVE],
];

async function exchangeOnce(tx, userId, quoteId) {
  const key = randomUUID();
  const owner = `user:${userId}`;
  const now = new Date().toISOString();
  const claimed = await tx.query(
    `insert into idempotency_keys (owner, key, request_hash, created_at) values ($1, $2, $3, $4)
     on conflict do nothing returning owner`,
    [owner, key, "0".repeat(64), now],
  );
  if (claimed.rows.length !== 1) throw new Error("key not claimed");
  const quote = await tx.query(
    `update exchange_quotes set used_at = $1 where id = $2 and user_id = $3 and used_at is null and expires_at > $1
     returning id, from_currency, to_currency, amount, receive, expires_at, used_at`,
    [now, quoteId, userId],
  );
  if (quote.rows.length !== 1) throw new Error("quote not claimed");
  // The user's two wallets locked in id order, the platform's FX accounts found (settled at the end).
  const wanted = lines(userId);
  const values = wanted
    .map(
      (_, i) =>
        `(${i}::int, $${i * 4 + 1}::uuid, $${i * 4 + 2}::text, $${i * 4 + 3}::text, $${i * 4 + 4}::numeric)`,
    )
    .join(", ");
  const found = await tx.query(
    `with wanted(ord, user_id, purpose, currency, amount) as (values ${values}),
     users as materialized (
       select a.id, w.ord, a.balance + w.amount >= 0 as allowed
       from ledger_accounts a join wanted w on a.user_id = w.user_id and a.purpose = w.purpose and a.currency = w.currency
       order by a.id for update of a
     )
     select id, ord, allowed from users
     union all
     select a.id, w.ord, true from ledger_accounts a join wanted w
       on a.user_id is null and w.user_id is null and a.purpose = w.purpose and a.currency = w.currency`,
    wanted.flat(),
  );
  if (found.rows.length !== 4 || !found.rows.every((r) => r.allowed)) throw new Error("not allowed");
  const users = found.rows.filter((r) => wanted[r.ord][0] !== null);
  const moves = users
    .map(
      (_, i) =>
        `($${i * 6 + 1}::bigint, $${i * 6 + 2}::int, $${i * 6 + 3}::uuid, $${i * 6 + 4}::text, $${i * 6 + 5}::text, $${i * 6 + 6}::numeric)`,
    )
    .join(", ");
  const params = users.flatMap((r) => [r.id, r.ord, ...wanted[r.ord]]);
  const n = params.length;
  const booked = await tx.query(
    `with lines(id, ord, user_id, purpose, currency, amount) as (values ${moves}),
     moved as (
       update ledger_accounts a set balance = a.balance + l.amount from lines l
       where a.id = l.id and (a.user_id is null or a.balance + l.amount >= 0)
       returning a.id, a.balance, l.ord
     ),
     entry as (
       insert into journal_entries (type, user_id, reference, idempotency_key, caused_by, staff_id, reason, created_at)
       select 'exchange', $${n + 1}::uuid, $${n + 2}, $${n + 3}, 'user', null, null, $${n + 4}::timestamptz
       where (select count(*) from moved) = 2 returning id
     ),
     posted as (
       insert into postings (entry_id, account_id, user_id, purpose, currency, entry_type, amount, balance_after, created_at)
       select e.id, m.id, l.user_id, l.purpose, l.currency, 'exchange', l.amount, m.balance, $${n + 4}::timestamptz
       from entry e cross join moved m join lines l on l.id = m.id order by m.id returning 1
     )
     select m.ord, m.balance::text as balance, e.id::text as "entryId", (select count(*)::int from posted) as posted
     from moved m left join entry e on true`,
    [...params, userId, `exchange:${quoteId}`, key, now],
  );
  const entryId = booked.rows[0]?.entryId;
  if (!entryId) throw new Error("not booked");
  await tx.query(`update exchange_quotes set entry_id = $1 where id = $2`, [entryId, quoteId]);
  // The platform's side and the stored answer, in one statement (FX INR, then FX USD: the fixed order).
  const settled = await tx.query(
    `with u0 as (
       update ledger_accounts set balance = balance + $1::numeric
       where user_id is null and purpose = 'fx' and currency = 'INR' returning id, balance
     ),
     u1 as (
       update ledger_accounts set balance = balance + $2::numeric
       where user_id is null and purpose = 'fx' and currency = 'USD' and (select count(*) from u0) = 1
       returning id, balance
     ),
     settled as (select 0 as k, id, balance from u0 union all select 1, id, balance from u1),
     lines(seq, k, amount) as (values (0, 0, $1::numeric), (1, 1, $2::numeric)),
     posted as (
       insert into postings (entry_id, account_id, user_id, purpose, currency, entry_type, amount, balance_after, created_at)
       select $3::bigint, s.id, null, 'fx', case l.k when 0 then 'INR' else 'USD' end, 'exchange', l.amount,
         s.balance, $4::timestamptz
       from lines l join settled s on s.k = l.k order by l.seq returning 1
     ),
     stored as (
       update idempotency_keys set response = $5::jsonb where owner = $6 and key = $7 returning 1
     )
     select (select count(*)::int from posted) as posted, (select count(*)::int from stored) as stored`,
    [
      `-${RECEIVE}`,
      PAY,
      entryId,
      now,
      JSON.stringify({ quoteId, type: "exchange", amount: PAY, receive: RECEIVE, wallets: booked.rows }),
      owner,
      key,
    ],
  );
  if (settled.rows[0]?.posted !== 2 || settled.rows[0]?.stored !== 1) throw new Error("not settled");
}

try {
  await migrate(drizzle({ client }), { migrationsFolder: join(ROOT, "apps/server/drizzle") });
  const users = [];
  for (let i = 0; i < USERS; i++) {
    const { rows } = await client.query(
      `insert into users (account, password_hash, invite_code) values ($1, 'x', $2) returning id`,
      [`raw${i}`, `RAW${i}`],
    );
    users.push(rows[0].id);
  }
  // Funds and quotes set up directly: only the exchanges are measured.
  await client.exec(`
    insert into ledger_accounts (user_id, purpose, currency) values (null, 'fx', 'USD'), (null, 'fx', 'INR');
    insert into ledger_accounts (user_id, purpose, currency, balance)
      select id, 'available', 'USD', 1000000 from users union all select id, 'available', 'INR', 0 from users;`);
  const perUser = Math.ceil((4000 * (seconds + 2)) / USERS);
  const quotes = [];
  for (const userId of users) {
    const { rows } = await client.query(
      `insert into exchange_quotes (user_id, from_currency, to_currency, amount, rate, spread, fee, receive, expires_at, created_at)
       select $1, 'USD', 'INR', $2, 83, 0.005, 0, $3, now() + interval '1 hour', now() from generate_series(1, $4)
       returning id, user_id`,
      [userId, PAY, RECEIVE, perUser],
    );
    quotes.push(...rows.map((r) => [r.user_id, r.id]));
  }
  const latencies = [];
  const drive = async (ms, record) => {
    const end = performance.now() + ms;
    while (performance.now() < end) {
      const next = quotes.pop();
      if (!next) throw new Error("quotes ran out");
      const started = performance.now();
      await client.transaction((tx) => exchangeOnce(tx, next[0], next[1]));
      if (record) latencies.push(performance.now() - started);
    }
  };
  await drive(2000, false);
  await drive(seconds * 1000, true);
  latencies.sort((a, b) => a - b);
  process.stdout.write(
    JSON.stringify({ tps: latencies.length / seconds, p99: latencies[Math.floor(latencies.length * 0.99)] }),
  );
} finally {
  await client.close();
  rmSync(dir, { recursive: true, force: true });
}
