-- The one-statement calls (`exchange_fill`, `order_place`) write each row once (issue 8: both the ledger
-- benchmark and pgbench are bound by PostgreSQL's WAL flush, so every row written twice costs): the
-- idempotency key is written once, with its answer, at the end; a quote is locked first and written once,
-- with its use and its entry, after the booking.
--
-- A key's lock. Every writer of idempotency_keys takes it first (`ledger_key` here; `idempotent`'s claim,
-- apps/server/src/modules/ledger/keys.ts), so that calls with one (owner, key) run one after the other,
-- whether they write the key at their start (the general path) or only with their answer (these
-- functions): the later one then finds the earlier one's committed key. A transaction-level advisory lock
-- (released by the commit, after the commit is visible; never written to the WAL), in the two-number key
-- space (the app's other advisory locks use the one-number space); two keys sharing a hash merely wait
-- for each other.
CREATE FUNCTION "ledger_key_lock"(p_owner text, p_key text) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(8, hashtext(p_owner || '/' || p_key))
$$;
--> statement-breakpoint
-- Locks the key and reads it: found when a call with it was committed before (a concurrent one is waited
-- for), its answer and its request's hash then in `o_response` and `o_hash`. In a function of its own so
-- that the read is a statement after the lock, with a snapshot taken once the lock is held.
CREATE FUNCTION "ledger_key"(p_owner text, p_key text,
  OUT o_found boolean, OUT o_response jsonb, OUT o_hash text)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_key_lock(p_owner, p_key);
  SELECT k.response, k.request_hash INTO o_response, o_hash
    FROM idempotency_keys k WHERE k.owner = p_owner AND k.key = p_key;
  o_found := FOUND;
END
$$;
--> statement-breakpoint
-- `ledger_claim` (migration 0008) is replaced by `ledger_key` and the key written with its answer.
DROP FUNCTION "ledger_claim"(text, text, text, timestamptz);
--> statement-breakpoint
-- The platform's side of `ledger_settle` (migration 0005) without storing an answer: for a call that
-- writes its key with its answer itself. The same statements, the same checks.
CREATE FUNCTION "ledger_settle_platform"(
  p_purposes text[], p_currencies text[], p_shards smallint[], p_deltas numeric[],
  p_line_accounts int[], p_line_entries bigint[], p_line_types text[], p_line_amounts numeric[],
  p_line_times timestamptz[]
) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_ids bigint[] := '{}';
  v_balances numeric[] := '{}';
  v_id bigint;
  v_balance numeric;
  v_posted int;
BEGIN
  FOR k IN 1 .. cardinality(p_deltas) LOOP
    UPDATE ledger_accounts SET balance = balance + p_deltas[k]
      WHERE user_id IS NULL AND purpose = p_purposes[k] AND currency = p_currencies[k] AND shard = p_shards[k]
      RETURNING id, balance INTO v_id, v_balance;
    IF v_id IS NULL THEN
      RAISE EXCEPTION 'ledger settlement: no platform account % % %', p_purposes[k], p_currencies[k], p_shards[k];
    END IF;
    v_ids := v_ids || v_id;
    v_balances := v_balances || v_balance;
    v_id := NULL;
  END LOOP;

  -- A line's running balance: its account's balance after the settlement less the lines booked after it.
  WITH lines AS (
    SELECT * FROM unnest(p_line_accounts, p_line_entries, p_line_types, p_line_amounts, p_line_times)
      WITH ORDINALITY AS l(k, entry_id, entry_type, amount, created_at, seq)
  ),
  posted AS (
    INSERT INTO postings (entry_id, account_id, user_id, purpose, currency, entry_type, amount, balance_after, created_at)
    SELECT l.entry_id, v_ids[l.k], NULL, p_purposes[l.k], p_currencies[l.k], l.entry_type, l.amount,
      v_balances[l.k] - coalesce(sum(l.amount) OVER (PARTITION BY l.k ORDER BY l.seq DESC
        ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0),
      l.created_at
    FROM lines l
    ORDER BY l.seq
    RETURNING 1
  )
  SELECT count(*) INTO v_posted FROM posted;
  IF v_posted <> cardinality(p_line_amounts) THEN
    RAISE EXCEPTION 'ledger settlement inconsistent: % postings of %', v_posted, cardinality(p_line_amounts);
  END IF;
END
$$;
--> statement-breakpoint
-- `ledger_settle` as before (the general path, whose key was claimed at its start): the settlement, then
-- the answer stored with the claimed key.
CREATE OR REPLACE FUNCTION "ledger_settle"(
  p_purposes text[], p_currencies text[], p_shards smallint[], p_deltas numeric[],
  p_line_accounts int[], p_line_entries bigint[], p_line_types text[], p_line_amounts numeric[],
  p_line_times timestamptz[], p_owner text, p_key text, p_response jsonb
) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_stored int;
BEGIN
  PERFORM ledger_settle_platform(p_purposes, p_currencies, p_shards, p_deltas, p_line_accounts,
    p_line_entries, p_line_types, p_line_amounts, p_line_times);
  UPDATE idempotency_keys SET response = p_response WHERE owner = p_owner AND key = p_key;
  GET DIAGNOSTICS v_stored = ROW_COUNT;
  IF v_stored <> 1 THEN
    RAISE EXCEPTION 'ledger settlement inconsistent: % answers', v_stored;
  END IF;
END
$$;
--> statement-breakpoint
-- A currency exchange's fill in one call (apps/server/src/modules/exchange/fill.ts): one statement, one
-- round trip, run in autocommit, so its locks are released by its own commit. It does, in order, what the
-- general path (`idempotent` + `book` + settlement) does in one transaction of three round trips:
--   1. locks and reads the idempotency key (`ledger_key`); a key used before answers the stored answer and
--      its request's hash (outcome `stored`; the caller compares the hash), a concurrent call with it is
--      waited for;
--   2. locks the user's quote (unused, unexpired, and the very terms the caller booked), as the general
--      path's claim of it does, before the accounts: a concurrent fill of it waits, then finds it used;
--   3. books the entry's user side with `ledger_book` (lock order and checks unchanged), platform deferred;
--   4. writes the users' balances after the entry into the answer (wallets[i].available, at each
--      currency's scale), marks the quote used and linked to its entry (its one write), settles the
--      platform side (`ledger_settle_platform`) and writes the key with its answer (its one write).
-- Any refusal raises `exchange_fill:<reason>` (detail: the paying wallet's balance when it is short), so
-- PostgreSQL rolls back everything: reasons notFound, used, expired, insufficient, and `fallback` (an
-- account does not exist yet, or the quote's terms differ from the caller's): the caller then runs the
-- general path, which handles every case.
CREATE OR REPLACE FUNCTION "exchange_fill"(
  p_owner text, p_key text, p_hash text, p_user uuid, p_quote uuid, p_at timestamptz,
  p_from text, p_to text, p_amount numeric, p_receive numeric,
  p_user_ids uuid[], p_purposes text[], p_currencies text[], p_shards smallint[], p_amounts numeric[],
  p_type text, p_reference text,
  s_purposes text[], s_currencies text[], s_shards smallint[], s_deltas numeric[],
  s_line_accounts int[], s_line_amounts numeric[],
  p_response jsonb, p_wallet_lines int[], p_wallet_scales int[]
) RETURNS TABLE (o_outcome text, o_response jsonb, o_hash text)
LANGUAGE plpgsql AS $$
DECLARE
  v_key record;
  v_quote uuid;
  v_used timestamptz;
  v_expires timestamptz;
  v_entry bigint;
  v_balances numeric[] := array_fill(NULL::numeric, ARRAY[cardinality(p_amounts)]);
  v_available numeric;
  v_answer jsonb := p_response;
  v_lines int := cardinality(s_line_amounts);
  r record;
BEGIN
  SELECT * INTO v_key FROM ledger_key(p_owner, p_key);
  IF v_key.o_found THEN
    RETURN QUERY SELECT 'stored'::text, v_key.o_response, v_key.o_hash;
    RETURN;
  END IF;

  -- In READ COMMITTED a row a concurrent fill has marked used meanwhile fails the conditions once its
  -- lock is granted, as in an UPDATE.
  SELECT q.id INTO v_quote FROM exchange_quotes q
    WHERE q.id = p_quote AND q.user_id = p_user AND q.used_at IS NULL AND q.expires_at > p_at
      AND q.from_currency = p_from AND q.to_currency = p_to AND q.amount = p_amount AND q.receive = p_receive
    FOR NO KEY UPDATE;
  IF v_quote IS NULL THEN
    SELECT q.used_at, q.expires_at INTO v_used, v_expires
      FROM exchange_quotes q WHERE q.id = p_quote AND q.user_id = p_user;
    RAISE EXCEPTION 'exchange_fill:%', CASE
      WHEN NOT FOUND THEN 'notFound'
      WHEN v_used IS NOT NULL THEN 'used'
      WHEN v_expires <= p_at THEN 'expired'
      ELSE 'fallback' END;
  END IF;

  FOR r IN SELECT * FROM ledger_book(p_user_ids, p_purposes, p_currencies, p_shards, p_amounts, true,
      p_type, p_user, p_reference, p_key, 'user', NULL, NULL, p_at) LOOP
    IF r.outcome = 'missing' THEN
      RAISE EXCEPTION 'exchange_fill:fallback';
    END IF;
    IF r.outcome = 'insufficient' THEN
      SELECT a.balance INTO v_available FROM ledger_accounts a
        WHERE a.user_id = p_user AND a.purpose = 'available' AND a.currency = p_from;
      RAISE EXCEPTION 'exchange_fill:insufficient' USING DETAIL = coalesce(v_available, 0)::text;
    END IF;
    v_entry := r.entry_id;
    v_balances[r.ord] := r.balance;
  END LOOP;

  FOR i IN 1 .. cardinality(p_wallet_lines) LOOP
    v_answer := jsonb_set(v_answer, ARRAY['wallets', (i - 1)::text, 'available'],
      to_jsonb(round(v_balances[p_wallet_lines[i]], p_wallet_scales[i])::text));
  END LOOP;

  UPDATE exchange_quotes SET used_at = p_at, entry_id = v_entry WHERE id = p_quote;
  PERFORM ledger_settle_platform(s_purposes, s_currencies, s_shards, s_deltas, s_line_accounts,
    array_fill(v_entry, ARRAY[v_lines]), array_fill(p_type, ARRAY[v_lines]), s_line_amounts,
    array_fill(p_at, ARRAY[v_lines]));
  INSERT INTO idempotency_keys (owner, key, request_hash, response, created_at)
    VALUES (p_owner, p_key, p_hash, v_answer, p_at);
  RETURN QUERY SELECT 'filled'::text, v_answer, p_hash;
END
$$;
--> statement-breakpoint
-- An order placed in one call (apps/server/src/modules/trading/place.ts), as in migration 0010, except
-- that its key is locked and read first (`ledger_key`) and written once, with its answer, at the end.
CREATE OR REPLACE FUNCTION "order_place"(
  p_owner text, p_key text, p_hash text, p_user uuid, p_at timestamptz,
  p_columns text[], p_order jsonb, p_entry_column text,
  p_starts int[], p_user_ids uuid[], p_purposes text[], p_currencies text[], p_shards smallint[],
  p_amounts numeric[], p_types text[], p_reference text,
  p_response jsonb
) RETURNS TABLE (o_outcome text, o_response jsonb, o_hash text)
LANGUAGE plpgsql AS $$
DECLARE
  v_key record;
  v_disabled boolean;
  v_frozen boolean;
  v_banned boolean;
  v_password boolean;
  v_order uuid := (p_order ->> 'id')::uuid;
  v_order_no text;
  v_entry bigint;
  v_available numeric;
  v_answer jsonb;
  v_none boolean[] := array_fill(false, ARRAY[cardinality(p_types)]);
  r record;
BEGIN
  SELECT * INTO v_key FROM ledger_key(p_owner, p_key);
  IF v_key.o_found THEN
    RETURN QUERY SELECT 'stored'::text, v_key.o_response, v_key.o_hash;
    RETURN;
  END IF;

  SELECT u.disabled, u.frozen, u.trade_banned, u.fund_password_hash IS NOT NULL
    INTO v_disabled, v_frozen, v_banned, v_password FROM users u WHERE u.id = p_user;
  IF NOT FOUND THEN RAISE EXCEPTION 'order_place:UNAUTHORIZED'; END IF;
  IF v_disabled THEN RAISE EXCEPTION 'order_place:ACCOUNT_DISABLED'; END IF;
  IF v_frozen THEN RAISE EXCEPTION 'order_place:ACCOUNT_FROZEN'; END IF;
  IF v_banned THEN RAISE EXCEPTION 'order_place:TRADE_BANNED'; END IF;
  IF NOT v_password THEN RAISE EXCEPTION 'order_place:FUND_PASSWORD_NOT_SET'; END IF;

  EXECUTE format('INSERT INTO trade_orders (%1$s) SELECT %1$s FROM jsonb_populate_record(NULL::trade_orders, $1) RETURNING order_no',
      (SELECT string_agg(quote_ident(c), ', ') FROM unnest(p_columns) AS c))
    USING p_order INTO v_order_no;

  FOR r IN SELECT * FROM ledger_book_all(p_starts, p_user_ids, p_purposes, p_currencies, p_shards, p_amounts,
      v_none, p_types, p_user, p_reference, p_key, 'user', NULL, NULL, p_at) LOOP
    IF r.outcome = 'missing' THEN
      RAISE EXCEPTION 'order_place:fallback';
    END IF;
    IF r.outcome = 'insufficient' THEN
      SELECT a.balance INTO v_available FROM ledger_accounts a
        WHERE a.user_id = p_user AND a.purpose = 'available' AND a.currency = (p_order ->> 'currency');
      RAISE EXCEPTION 'order_place:insufficient'
        USING DETAIL = (r.entry_index - 1)::text || ':' || coalesce(v_available, 0)::text;
    END IF;
    IF r.entry_index = 1 THEN
      v_entry := r.entry_id;
    END IF;
  END LOOP;

  UPDATE trade_orders SET
      open_entry_id = CASE WHEN p_entry_column = 'open_entry_id' THEN v_entry ELSE open_entry_id END,
      hold_entry_id = CASE WHEN p_entry_column = 'hold_entry_id' THEN v_entry ELSE hold_entry_id END
    WHERE id = v_order;
  v_answer := jsonb_set(p_response, '{orderNo}', to_jsonb(v_order_no));
  INSERT INTO idempotency_keys (owner, key, request_hash, response, created_at)
    VALUES (p_owner, p_key, p_hash, v_answer, p_at);
  RETURN QUERY SELECT 'filled'::text, v_answer, p_hash;
END
$$;
