-- `order_place_together` (0016, 0018) books each order's entries itself instead of through the general
-- `ledger_book` (0005) for every entry, and writes the batch's rows together: a CPU profile of the orders
-- benchmark on 2026-11-24 put half of PostgreSQL's time into the `ledger_book` calls (per entry: a locking
-- join, a checking join, the entry, a moving and posting statement, a count, each with its plan's start-up),
-- and much of the rest into statements run once per order that can run once per batch. So:
--   1. per order, the user's accounts of its lines are locked in id order, with their balances, in one
--      statement (as `ledger_book` locks them; the platform's side stays deferred to the end of the batch);
--   2. every line is checked, entry by entry, before anything is written: its account exists (the
--      platform's looked up once per batch; a missing one sends the order to the general path, which
--      creates it) and a user's balance stays at zero or above (the refusal and its detail as before);
--   3. each of the user's accounts is moved once by the order's sum on it, and the entries' ids are taken
--      from their sequence;
--   4. at the end of the batch, one statement each: the placed orders' entries, their rows (with the order
--      numbers the database gives, which go into the answers), their keys with the answers, and the users'
--      postings with their running balances; then the platform's side as before.
-- An order sent twice in one batch (one key) is placed once: the second answers the first's answer, as it
-- would have found the first's key. A key written meanwhile by a writer that did not take its lock (none
-- should) fails the batch, whose orders the server then runs one by one. Otherwise the rows, answers,
-- refusals, lock order and outcomes are those of 0016.
CREATE OR REPLACE FUNCTION "order_place_together"(
  p_owners text[], p_keys text[], p_hashes text[], p_users uuid[], p_ats timestamptz[],
  p_orders jsonb[], p_entry_columns text[], p_references text[], p_responses jsonb[],
  p_entry_starts int[], e_types text[], e_line_starts int[],
  l_user_ids uuid[], l_purposes text[], l_currencies text[], l_shards smallint[], l_amounts numeric[]
) RETURNS TABLE (o_index int, o_outcome text, o_response jsonb, o_hash text, o_detail text)
LANGUAGE plpgsql AS $$
DECLARE
  i int;
  v_key record;
  v_disabled boolean;
  v_frozen boolean;
  v_banned boolean;
  v_password boolean;
  v_first_entry int;
  v_last_entry int;
  v_first_line int;
  v_last_line int;
  v_entries bigint[];
  v_count int;
  v_seen int;
  v_message text;
  r record;
  k int;
  v_at int;
  v_new numeric;
  v_account text;
  v_id bigint;
  -- The order's user accounts (locked): id, purpose/currency, balance before the order, running balance.
  u_ids bigint[];
  u_keys text[];
  u_before numeric[];
  u_running numeric[];
  u_entry_start numeric[];
  u_purposes text[];
  u_currencies text[];
  -- The order's lines as booked: the user's (entry, account, balance after) and the platform's (account).
  o_entry_of int[];
  o_account_of bigint[];
  o_balance_of numeric[];
  -- The platform's accounts met in the batch (purpose/currency/shard): found once, locked at the end.
  a_keys text[] := '{}';
  -- The placed orders (their index, their row with its link) and their entries, written together at the
  -- end, with the rows' order numbers and the answers.
  n_index int[] := '{}';
  n_records jsonb[] := '{}';
  n_ids uuid[] := '{}';
  n_numbers text[] := '{}';
  n_answers jsonb[] := '{}';
  j_ids bigint[] := '{}';
  j_types text[] := '{}';
  j_users uuid[] := '{}';
  j_references text[] := '{}';
  j_keys text[] := '{}';
  j_ats timestamptz[] := '{}';
  -- Orders sent again with the key of an order placed earlier in the batch: their index and that order's.
  d_index int[] := '{}';
  d_of int[] := '{}';
  -- The users' postings of the placed orders, written together at the end.
  b_entries bigint[] := '{}';
  b_accounts bigint[] := '{}';
  b_users uuid[] := '{}';
  b_purposes text[] := '{}';
  b_currencies text[] := '{}';
  b_types text[] := '{}';
  b_amounts numeric[] := '{}';
  b_balances numeric[] := '{}';
  b_ats timestamptz[] := '{}';
  -- The platform's lines of the placed orders, settled at the end.
  w_purposes text[] := '{}';
  w_currencies text[] := '{}';
  w_shards smallint[] := '{}';
  w_amounts numeric[] := '{}';
  w_entries bigint[] := '{}';
  w_types text[] := '{}';
  w_ats timestamptz[] := '{}';
  -- The same, grouped by account in the fixed order.
  g_purposes text[];
  g_currencies text[];
  g_shards smallint[];
  g_deltas numeric[];
  g_lines int[];
BEGIN
  FOR i IN SELECT t.n FROM unnest(p_users, p_keys) WITH ORDINALITY AS t(u, k, n)
      ORDER BY t.u, t.k COLLATE "C", t.n LOOP
    o_index := i;
    o_response := NULL;
    o_hash := NULL;
    o_detail := NULL;
    v_first_entry := p_entry_starts[i];
    v_last_entry := CASE WHEN i < cardinality(p_entry_starts) THEN p_entry_starts[i + 1] - 1
      ELSE cardinality(e_types) END;
    v_first_line := e_line_starts[v_first_entry];
    v_last_line := CASE WHEN v_last_entry < cardinality(e_types) THEN e_line_starts[v_last_entry + 1] - 1
      ELSE cardinality(l_amounts) END;
    BEGIN
      SELECT * INTO v_key FROM ledger_key(p_owners[i], p_keys[i]);
      -- An order placed earlier in this batch with the same key: answered as stored, at the end.
      v_seen := NULL;
      IF NOT v_key.o_found THEN
        FOR k IN 1 .. cardinality(n_index) LOOP
          IF p_owners[n_index[k]] = p_owners[i] AND p_keys[n_index[k]] = p_keys[i] THEN
            v_seen := k;
            EXIT;
          END IF;
        END LOOP;
      END IF;
      IF v_key.o_found THEN
        o_outcome := 'stored';
        o_response := v_key.o_response;
        o_hash := v_key.o_hash;
      ELSIF v_seen IS NOT NULL THEN
        d_index := d_index || i;
        d_of := d_of || v_seen;
        o_outcome := 'later';
      ELSE
        SELECT u.disabled, u.frozen, u.trade_banned, u.fund_password_hash IS NOT NULL
          INTO v_disabled, v_frozen, v_banned, v_password FROM users u WHERE u.id = p_users[i];
        IF NOT FOUND THEN RAISE EXCEPTION 'order_place:UNAUTHORIZED'; END IF;
        IF v_disabled THEN RAISE EXCEPTION 'order_place:ACCOUNT_DISABLED'; END IF;
        IF v_frozen THEN RAISE EXCEPTION 'order_place:ACCOUNT_FROZEN'; END IF;
        IF v_banned THEN RAISE EXCEPTION 'order_place:TRADE_BANNED'; END IF;
        IF NOT v_password THEN RAISE EXCEPTION 'order_place:FUND_PASSWORD_NOT_SET'; END IF;

        -- The user's accounts of the order's lines, locked in id order (as `ledger_book` locks them), with
        -- their balances; the order's other lines are the platform's, settled at the end of the batch.
        u_purposes := '{}';
        u_currencies := '{}';
        FOR k IN v_first_line .. v_last_line LOOP
          IF l_user_ids[k] IS NOT NULL THEN
            IF l_user_ids[k] <> p_users[i] OR l_shards[k] <> 0 THEN
              RAISE EXCEPTION 'order_place:fallback';
            END IF;
            u_purposes := u_purposes || l_purposes[k];
            u_currencies := u_currencies || l_currencies[k];
          END IF;
        END LOOP;
        u_ids := '{}';
        u_keys := '{}';
        u_before := '{}';
        FOR r IN SELECT a.id, a.purpose, a.currency, a.balance FROM ledger_accounts a
            WHERE a.user_id = p_users[i] AND a.shard = 0 AND a.purpose = ANY (u_purposes)
              AND a.currency = ANY (u_currencies)
            ORDER BY a.id
            FOR UPDATE LOOP
          u_ids := u_ids || r.id;
          u_keys := u_keys || (r.purpose || '/' || r.currency);
          u_before := u_before || r.balance;
        END LOOP;
        u_running := u_before;

        -- Every line checked before anything is written, entry by entry: its account exists (else the
        -- general path creates it) and a user's balance stays at zero or above (else the refusal, with the
        -- index of the entry refused and the available balance after the entries before it, as 0016).
        o_entry_of := '{}';
        o_account_of := '{}';
        o_balance_of := '{}';
        FOR j IN v_first_entry .. v_last_entry LOOP
          u_entry_start := u_running;
          FOR k IN e_line_starts[j] .. CASE WHEN j < cardinality(e_types) THEN e_line_starts[j + 1] - 1
              ELSE cardinality(l_amounts) END LOOP
            IF l_user_ids[k] IS NULL THEN
              v_account := l_purposes[k] || '/' || l_currencies[k] || '/' || l_shards[k];
              IF array_position(a_keys, v_account) IS NULL THEN
                PERFORM 1 FROM ledger_accounts a WHERE a.user_id IS NULL AND a.purpose = l_purposes[k]
                  AND a.currency = l_currencies[k] AND a.shard = l_shards[k];
                IF NOT FOUND THEN
                  RAISE EXCEPTION 'order_place:fallback';
                END IF;
                a_keys := a_keys || v_account;
              END IF;
              o_account_of := o_account_of || NULL::bigint;
              o_balance_of := o_balance_of || NULL::numeric;
            ELSE
              v_at := array_position(u_keys, l_purposes[k] || '/' || l_currencies[k]);
              IF v_at IS NULL THEN
                RAISE EXCEPTION 'order_place:fallback';
              END IF;
              v_new := u_running[v_at] + l_amounts[k];
              IF v_new < 0 THEN
                RAISE EXCEPTION 'order_place:insufficient'
                  USING DETAIL = (j - v_first_entry)::text || ':' || coalesce(
                    u_entry_start[array_position(u_keys, 'available/' || (p_orders[i] ->> 'currency'))], 0)::text;
              END IF;
              u_running[v_at] := v_new;
              o_account_of := o_account_of || u_ids[v_at];
              o_balance_of := o_balance_of || v_new;
            END IF;
            o_entry_of := o_entry_of || (j - v_first_entry + 1);
          END LOOP;
        END LOOP;

        -- The writes: the user's balances (each account once, by the order's sum on it); the entries (their
        -- ids taken now, for the postings and the row), the row and the key with the answer at the end.
        v_count := v_last_entry - v_first_entry + 1;
        v_entries := array_fill(NULL::bigint, ARRAY[v_count]);
        FOR j IN 1 .. v_count LOOP
          v_entries[j] := nextval('journal_entries_id_seq');
        END LOOP;
        UPDATE ledger_accounts a SET balance = m.balance
          FROM unnest(u_ids, u_before, u_running) AS m(id, before, balance)
          WHERE a.id = m.id AND m.balance <> m.before;

        -- Placed: the order, its entries, its users' postings and its platform lines join the batch's.
        n_index := n_index || i;
        n_records := n_records || (p_orders[i] || jsonb_build_object(p_entry_columns[i], v_entries[1]));
        j_ids := j_ids || v_entries;
        j_types := j_types || e_types[v_first_entry:v_last_entry];
        j_users := j_users || array_fill(p_users[i], ARRAY[v_count]);
        j_references := j_references || array_fill(p_references[i], ARRAY[v_count]);
        j_keys := j_keys || array_fill(p_keys[i], ARRAY[v_count]);
        j_ats := j_ats || array_fill(p_ats[i], ARRAY[v_count]);
        FOR k IN v_first_line .. v_last_line LOOP
          v_id := v_entries[o_entry_of[k - v_first_line + 1]];
          IF l_user_ids[k] IS NULL THEN
            w_purposes := w_purposes || l_purposes[k];
            w_currencies := w_currencies || l_currencies[k];
            w_shards := w_shards || l_shards[k];
            w_amounts := w_amounts || l_amounts[k];
            w_entries := w_entries || v_id;
            w_types := w_types || e_types[v_first_entry + o_entry_of[k - v_first_line + 1] - 1];
            w_ats := w_ats || p_ats[i];
          ELSE
            b_entries := b_entries || v_id;
            b_accounts := b_accounts || o_account_of[k - v_first_line + 1];
            b_users := b_users || p_users[i];
            b_purposes := b_purposes || l_purposes[k];
            b_currencies := b_currencies || l_currencies[k];
            b_types := b_types || e_types[v_first_entry + o_entry_of[k - v_first_line + 1] - 1];
            b_amounts := b_amounts || l_amounts[k];
            b_balances := b_balances || o_balance_of[k - v_first_line + 1];
            b_ats := b_ats || p_ats[i];
          END IF;
        END LOOP;
        o_outcome := 'placed';
      END IF;
    EXCEPTION
      WHEN raise_exception THEN
        -- The refusal's message (`order_place:<reason>`, as a JSON string) and its detail; the order's
        -- writes are undone.
        GET STACKED DIAGNOSTICS o_detail = PG_EXCEPTION_DETAIL, v_message = MESSAGE_TEXT;
        o_outcome := 'raised';
        o_response := to_jsonb(v_message);
    END;
    IF o_outcome NOT IN ('placed', 'later') THEN
      RETURN NEXT;
    END IF;
  END LOOP;
  IF cardinality(n_index) = 0 THEN
    RETURN;
  END IF;

  -- The placed orders' entries, then their rows (each with the order number the database gives), then
  -- their keys with their answers: one statement each. A key written meanwhile by a writer that did not
  -- take its lock (none should) fails the batch, whose orders then run one by one.
  INSERT INTO journal_entries (id, type, user_id, reference, idempotency_key, caused_by, staff_id, reason, created_at)
    OVERRIDING SYSTEM VALUE
    SELECT t.id, t.y, t.u, t.r, t.k, 'user', NULL, NULL, t.at
    FROM unnest(j_ids, j_types, j_users, j_references, j_keys, j_ats) AS t(id, y, u, r, k, at)
    ORDER BY t.id;
  -- Every column the server may write, named (the statement is planned once per connection); a column an
  -- order's record does not have takes its default.
  FOR r IN INSERT INTO trade_orders (id, user_id, kind, symbol, exchange, market, currency, direction, price_type,
        state, quantity, leverage, limit_price, stop_loss, take_profit, margin, open_fee, created_at,
        opened_at, open_price, locked_until, close_requested_at, closed_at, close_price, close_fee,
        stamp_duty, pnl, close_reason, decline_reason, expires_at, hold_entry_id, open_entry_id,
        release_entry_id, close_entry_id, offer_id)
      SELECT coalesce(n.id, gen_random_uuid()), n.user_id, coalesce(n.kind, 'normal'), n.symbol, n.exchange,
        n.market, n.currency, n.direction, n.price_type, n.state, n.quantity, n.leverage, n.limit_price,
        n.stop_loss, n.take_profit, n.margin, n.open_fee, n.created_at, n.opened_at, n.open_price,
        n.locked_until, n.close_requested_at, n.closed_at, n.close_price, n.close_fee, n.stamp_duty, n.pnl,
        n.close_reason, n.decline_reason, n.expires_at, n.hold_entry_id, n.open_entry_id,
        n.release_entry_id, n.close_entry_id, n.offer_id
      FROM unnest(n_records) WITH ORDINALITY AS x(record, s)
        CROSS JOIN LATERAL jsonb_populate_record(NULL::trade_orders, x.record) AS n
      ORDER BY x.s
      RETURNING trade_orders.id, trade_orders.order_no LOOP
    n_ids := n_ids || r.id;
    n_numbers := n_numbers || r.order_no;
  END LOOP;
  FOR k IN 1 .. cardinality(n_index) LOOP
    n_answers := n_answers || jsonb_set(p_responses[n_index[k]], '{orderNo}',
      to_jsonb(n_numbers[array_position(n_ids, (n_records[k] ->> 'id')::uuid)]));
  END LOOP;
  INSERT INTO idempotency_keys (owner, key, request_hash, response, created_at)
    SELECT p_owners[t.i], p_keys[t.i], p_hashes[t.i], t.a, p_ats[t.i] FROM unnest(n_index, n_answers) AS t(i, a);

  -- Their answers; an order sent again in the batch answers the one placed.
  FOR k IN 1 .. cardinality(n_index) LOOP
    o_index := n_index[k];
    o_outcome := 'placed';
    o_response := n_answers[k];
    o_hash := p_hashes[n_index[k]];
    o_detail := NULL;
    RETURN NEXT;
  END LOOP;
  FOR k IN 1 .. cardinality(d_index) LOOP
    o_index := d_index[k];
    o_outcome := 'stored';
    o_response := n_answers[d_of[k]];
    o_hash := p_hashes[n_index[d_of[k]]];
    o_detail := NULL;
    RETURN NEXT;
  END LOOP;

  -- The users' postings of every placed order, entry by entry (each entry's by account id, as
  -- `ledger_book` writes them), each with its running balance.
  INSERT INTO postings (entry_id, account_id, user_id, purpose, currency, entry_type, amount, balance_after, created_at)
    SELECT t.e, t.a, t.u, t.p, t.c, t.y, t.m, t.b, t.t
    FROM unnest(b_entries, b_accounts, b_users, b_purposes, b_currencies, b_types, b_amounts, b_balances, b_ats)
      AS t(e, a, u, p, c, y, m, b, t)
    ORDER BY t.e, t.a;

  IF cardinality(w_amounts) = 0 THEN
    RETURN;
  END IF;
  -- The platform's side of every placed order: each account once, in the fixed order (purpose, currency,
  -- shard), each line with its running balance.
  SELECT array_agg(g.p ORDER BY g.p COLLATE "C", g.c COLLATE "C", g.s),
      array_agg(g.c ORDER BY g.p COLLATE "C", g.c COLLATE "C", g.s),
      array_agg(g.s ORDER BY g.p COLLATE "C", g.c COLLATE "C", g.s),
      array_agg(g.d ORDER BY g.p COLLATE "C", g.c COLLATE "C", g.s)
    INTO g_purposes, g_currencies, g_shards, g_deltas
    FROM (SELECT t.p, t.c, t.s, sum(t.a) AS d FROM unnest(w_purposes, w_currencies, w_shards, w_amounts) AS t(p, c, s, a)
      GROUP BY t.p, t.c, t.s) g;
  g_lines := ARRAY(
    SELECT (SELECT a.k FROM unnest(g_purposes, g_currencies, g_shards) WITH ORDINALITY AS a(p, c, s, k)
        WHERE a.p = t.p AND a.c = t.c AND a.s = t.s)
      FROM unnest(w_purposes, w_currencies, w_shards) WITH ORDINALITY AS t(p, c, s, n)
      ORDER BY t.n);
  PERFORM ledger_settle_platform(g_purposes, g_currencies, g_shards, g_deltas, g_lines, w_entries, w_types,
    w_amounts, w_ats);
END
$$;
