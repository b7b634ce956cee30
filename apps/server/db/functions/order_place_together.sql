CREATE OR REPLACE FUNCTION public.order_place_together(p_owners text[], p_keys text[], p_hashes text[], p_users uuid[], p_ats timestamp with time zone[], p_orders jsonb[], p_entry_columns text[], p_references text[], p_responses jsonb[], p_entry_starts integer[], e_types text[], e_line_starts integer[], l_user_ids uuid[], l_purposes text[], l_currencies text[], l_shards smallint[], l_amounts numeric[])
 RETURNS TABLE(o_index integer, o_outcome text, o_response jsonb, o_hash text, o_detail text)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  i int;
  j int;
  k int;
  r record;
  v_first_entry int;
  v_last_entry int;
  v_first_line int;
  v_last_line int;
  v_count int;
  v_at int;
  v_seen int;
  v_new numeric;
  v_account text;
  v_refusal text;
  v_entries bigint[];
  -- Keys written before: owner/key, the stored answer and its request's hash.
  s_keys text[] := '{}';
  s_responses jsonb[] := '{}';
  s_hashes text[] := '{}';
  -- The batch's users and their flags.
  x_ids uuid[] := '{}';
  x_disabled boolean[] := '{}';
  x_frozen boolean[] := '{}';
  x_banned boolean[] := '{}';
  x_password boolean[] := '{}';
  -- The users' accounts (locked): id, user/purpose/currency, balance before the batch and as it moves them.
  c_ids bigint[] := '{}';
  c_keys text[] := '{}';
  c_before numeric[] := '{}';
  c_balances numeric[] := '{}';
  -- One order's balances as its lines move them, and at the start of its current entry.
  v_running numeric[];
  v_entry_start numeric[];
  -- One order's lines as booked: entry (1-based within the order), user account (index in c_*), balance.
  o_entry_of int[];
  o_account_of int[];
  o_balance_of numeric[];
  -- The platform's accounts met in the batch: purpose/currency/shard, id, natural key, the sum of the
  -- batch's lines on it and their count, its running balance. Found and locked
  -- together, after the users' accounts; moved at the end.
  a_keys text[] := '{}';
  a_ids bigint[] := '{}';
  a_purposes text[] := '{}';
  a_currencies text[] := '{}';
  a_shards smallint[] := '{}';
  a_sums numeric[] := '{}';
  a_lines int[] := '{}';
  a_running numeric[] := '{}';
  -- The placed orders (their index, their row with its link) and their entries, written at the end.
  n_index int[] := '{}';
  n_records jsonb[] := '{}';
  n_answers jsonb[] := '{}';
  n_placed_numbers text[] := '{}';
  j_ids bigint[] := '{}';
  j_types text[] := '{}';
  j_users uuid[] := '{}';
  j_references text[] := '{}';
  j_keys text[] := '{}';
  j_ats timestamptz[] := '{}';
  -- Orders sent again with the key of an order placed earlier in the batch: theirs and that one's index.
  d_index int[] := '{}';
  d_of int[] := '{}';
  -- The users' postings of the placed orders.
  b_entries bigint[] := '{}';
  b_accounts bigint[] := '{}';
  b_users uuid[] := '{}';
  b_purposes text[] := '{}';
  b_currencies text[] := '{}';
  b_types text[] := '{}';
  b_amounts numeric[] := '{}';
  b_balances numeric[] := '{}';
  b_ats timestamptz[] := '{}';
  -- The platform's lines of the placed orders, in booking order: entry, type, amount, time, account (a_*).
  w_entries bigint[] := '{}';
  w_types text[] := '{}';
  w_amounts numeric[] := '{}';
  w_ats timestamptz[] := '{}';
  w_accounts int[] := '{}';
BEGIN
  -- 1. The keys: locked, then those written before read.
  PERFORM ledger_key_lock(l.o, l.k)
    FROM (SELECT DISTINCT ON (hashtext(t.o || '/' || t.k)) t.o, t.k FROM unnest(p_owners, p_keys) AS t(o, k)
      ORDER BY hashtext(t.o || '/' || t.k)) l;
  FOR r IN SELECT s.owner, s.key, s.response, s.request_hash FROM idempotency_keys s
      JOIN unnest(p_owners, p_keys) AS t(o, k) ON s.owner = t.o AND s.key = t.k LOOP
    s_keys := s_keys || (r.owner || '/' || r.key);
    s_responses := s_responses || r.response;
    s_hashes := s_hashes || r.request_hash;
  END LOOP;

  -- 2. The users, and their accounts of the orders' lines, locked.
  FOR r IN SELECT u.id, u.disabled, u.frozen, u.trade_banned, u.fund_password_hash IS NOT NULL AS password
      FROM users u WHERE u.id = ANY (p_users) LOOP
    x_ids := x_ids || r.id;
    x_disabled := x_disabled || r.disabled;
    x_frozen := x_frozen || r.frozen;
    x_banned := x_banned || r.trade_banned;
    x_password := x_password || r.password;
  END LOOP;
  FOR r IN SELECT a.id, a.user_id, a.purpose, a.currency, a.balance FROM ledger_accounts a
      WHERE a.user_id = ANY (p_users) AND a.shard = 0 AND a.purpose = ANY (l_purposes)
        AND a.currency = ANY (l_currencies)
      ORDER BY a.user_id, a.id
      FOR UPDATE LOOP
    c_ids := c_ids || r.id;
    c_keys := c_keys || (r.user_id || '/' || r.purpose || '/' || r.currency);
    c_before := c_before || r.balance;
  END LOOP;
  c_balances := c_before;
  -- The platform's accounts of the batch's lines: found together and locked, last, in the fixed order
  -- (purpose, currency, shard, as `ledger_settle_platform` moves them), each one's balance read with its
  -- lock: its postings carry their running balance from there. A missing one sends its order the general
  -- way, which creates it.
  FOR r IN SELECT a.id, a.purpose, a.currency, a.shard, a.balance FROM ledger_accounts a
      JOIN (SELECT DISTINCT t.p, t.c, t.s FROM unnest(l_user_ids, l_purposes, l_currencies, l_shards) AS t(u, p, c, s)
        WHERE t.u IS NULL) l ON a.user_id IS NULL AND a.purpose = l.p AND a.currency = l.c AND a.shard = l.s
      ORDER BY a.purpose COLLATE "C", a.currency COLLATE "C", a.shard
      FOR UPDATE OF a LOOP
    a_keys := a_keys || (r.purpose || '/' || r.currency || '/' || r.shard);
    a_ids := a_ids || r.id;
    a_purposes := a_purposes || r.purpose;
    a_currencies := a_currencies || r.currency;
    a_shards := a_shards || r.shard;
    a_sums := a_sums || 0::numeric;
    a_lines := a_lines || 0;
    a_running := a_running || r.balance;
  END LOOP;

  -- 3. Each order.
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
    v_seen := NULL;
    FOR k IN 1 .. cardinality(n_index) LOOP
      IF p_owners[n_index[k]] = p_owners[i] AND p_keys[n_index[k]] = p_keys[i] THEN
        v_seen := k;
        EXIT;
      END IF;
    END LOOP;
    v_at := array_position(s_keys, p_owners[i] || '/' || p_keys[i]);
    IF v_at IS NOT NULL THEN
      o_outcome := 'stored';
      o_response := s_responses[v_at];
      o_hash := s_hashes[v_at];
      RETURN NEXT;
      CONTINUE;
    END IF;
    IF v_seen IS NOT NULL THEN
      -- Answered with the first's answer, at the end.
      d_index := d_index || i;
      d_of := d_of || v_seen;
      CONTINUE;
    END IF;

    -- Its checks, in their order; the first refusal ends them (nothing is written before they pass).
    v_refusal := NULL;
    <<checks>>
    BEGIN
      v_at := array_position(x_ids, p_users[i]);
      v_refusal := CASE WHEN v_at IS NULL THEN 'UNAUTHORIZED'
        WHEN x_disabled[v_at] THEN 'ACCOUNT_DISABLED'
        WHEN x_frozen[v_at] THEN 'ACCOUNT_FROZEN'
        WHEN x_banned[v_at] THEN 'TRADE_BANNED'
        WHEN NOT x_password[v_at] THEN 'FUND_PASSWORD_NOT_SET' END;
      IF v_refusal IS NOT NULL THEN
        EXIT checks;
      END IF;

      -- Every line, entry by entry, before anything is written.
      v_running := c_balances;
      o_entry_of := '{}';
      o_account_of := '{}';
      o_balance_of := '{}';
      FOR j IN v_first_entry .. v_last_entry LOOP
        v_entry_start := v_running;
        FOR k IN e_line_starts[j] .. CASE WHEN j < cardinality(e_types) THEN e_line_starts[j + 1] - 1
            ELSE cardinality(l_amounts) END LOOP
          IF l_user_ids[k] IS NULL THEN
            v_account := l_purposes[k] || '/' || l_currencies[k] || '/' || l_shards[k];
            v_at := array_position(a_keys, v_account);
            IF v_at IS NULL THEN
              -- Not yet there: the general path creates it.
              v_refusal := 'fallback';
              EXIT checks;
            END IF;
            o_account_of := o_account_of || v_at;
            o_balance_of := o_balance_of || NULL::numeric;
          ELSE
            v_at := array_position(c_keys, p_users[i] || '/' || l_purposes[k] || '/' || l_currencies[k]);
            IF l_user_ids[k] <> p_users[i] OR l_shards[k] <> 0 OR v_at IS NULL THEN
              v_refusal := 'fallback';
              EXIT checks;
            END IF;
            v_new := v_running[v_at] + l_amounts[k];
            IF v_new < 0 THEN
              v_refusal := 'insufficient';
              o_detail := (j - v_first_entry)::text || ':' || coalesce(v_entry_start[array_position(c_keys,
                p_users[i] || '/available/' || (p_orders[i] ->> 'currency'))], 0)::text;
              EXIT checks;
            END IF;
            v_running[v_at] := v_new;
            o_account_of := o_account_of || v_at;
            o_balance_of := o_balance_of || v_new;
          END IF;
          o_entry_of := o_entry_of || (j - v_first_entry + 1);
        END LOOP;
      END LOOP;
    END checks;
    IF v_refusal IS NOT NULL THEN
      -- The refusal (`order_place:<reason>`, as a JSON string) and its detail.
      o_outcome := 'raised';
      o_response := to_jsonb('order_place:' || v_refusal);
      RETURN NEXT;
      CONTINUE;
    END IF;

    -- Placed: its balances carry on; its entries (their ids taken now), row, postings and platform lines
    -- join the batch's.
    c_balances := v_running;
    v_count := v_last_entry - v_first_entry + 1;
    v_entries := array_fill(NULL::bigint, ARRAY[v_count]);
    FOR j IN 1 .. v_count LOOP
      v_entries[j] := nextval('journal_entries_id_seq');
    END LOOP;
    n_index := n_index || i;
    n_records := n_records || (p_orders[i] || jsonb_build_object(p_entry_columns[i], v_entries[1]));
    j_ids := j_ids || v_entries;
    j_types := j_types || e_types[v_first_entry:v_last_entry];
    j_users := j_users || array_fill(p_users[i], ARRAY[v_count]);
    j_references := j_references || array_fill(p_references[i], ARRAY[v_count]);
    j_keys := j_keys || array_fill(p_keys[i], ARRAY[v_count]);
    j_ats := j_ats || array_fill(p_ats[i], ARRAY[v_count]);
    FOR k IN v_first_line .. v_last_line LOOP
      j := o_entry_of[k - v_first_line + 1];
      IF l_user_ids[k] IS NULL THEN
        v_at := o_account_of[k - v_first_line + 1];
        a_sums[v_at] := a_sums[v_at] + l_amounts[k];
        a_lines[v_at] := a_lines[v_at] + 1;
        w_entries := w_entries || v_entries[j];
        w_types := w_types || e_types[v_first_entry + j - 1];
        w_amounts := w_amounts || l_amounts[k];
        w_ats := w_ats || p_ats[i];
        w_accounts := w_accounts || v_at;
      ELSE
        b_entries := b_entries || v_entries[j];
        b_accounts := b_accounts || c_ids[o_account_of[k - v_first_line + 1]];
        b_users := b_users || p_users[i];
        b_purposes := b_purposes || l_purposes[k];
        b_currencies := b_currencies || l_currencies[k];
        b_types := b_types || e_types[v_first_entry + j - 1];
        b_amounts := b_amounts || l_amounts[k];
        b_balances := b_balances || o_balance_of[k - v_first_line + 1];
        b_ats := b_ats || p_ats[i];
      END IF;
    END LOOP;
  END LOOP;
  IF cardinality(n_index) = 0 THEN
    RETURN;
  END IF;

  -- 4. The platform's lines of the placed orders, in booking order, with their running balances.
  FOR k IN 1 .. cardinality(w_amounts) LOOP
    v_at := w_accounts[k];
    a_running[v_at] := a_running[v_at] + w_amounts[k];
    b_entries := b_entries || w_entries[k];
    b_accounts := b_accounts || a_ids[v_at];
    b_users := b_users || NULL::uuid;
    b_purposes := b_purposes || a_purposes[v_at];
    b_currencies := b_currencies || a_currencies[v_at];
    b_types := b_types || w_types[k];
    b_amounts := b_amounts || w_amounts[k];
    b_balances := b_balances || a_running[v_at];
    b_ats := b_ats || w_ats[k];
  END LOOP;

  -- 5. Every write in one statement: the entries; the users' balances and the platform's (each account
  -- moved once); the orders' rows (every column the server may write, named, so the statement is planned
  -- once per connection: a column an order's record does not have takes its default), whose numbers come
  -- back; the answers with their numbers, stored under their keys; every posting, entry by entry (each
  -- entry's by account id, as `ledger_book` writes them). Every row it touches was locked before it.
  n_placed_numbers := array_fill(NULL::text, ARRAY[cardinality(n_index)]);
  n_answers := array_fill(NULL::jsonb, ARRAY[cardinality(n_index)]);
  FOR r IN WITH entries AS (
      INSERT INTO journal_entries (id, type, user_id, reference, idempotency_key, caused_by, staff_id, reason,
          created_at)
        OVERRIDING SYSTEM VALUE
        SELECT t.id, t.y, t.u, t.r, t.k, 'user', NULL, NULL, t.at
        FROM unnest(j_ids, j_types, j_users, j_references, j_keys, j_ats) AS t(id, y, u, r, k, at)
        ORDER BY t.id
    ), users_moved AS (
      UPDATE ledger_accounts a SET balance = m.balance
        FROM unnest(c_ids, c_before, c_balances) AS m(id, before, balance)
        WHERE a.id = m.id AND m.balance <> m.before
    ), platform_moved AS (
      UPDATE ledger_accounts a SET balance = a.balance + t.d
        FROM unnest(a_ids, a_sums, a_lines) AS t(id, d, m)
        WHERE a.id = t.id AND t.m > 0
    ), lines AS (
      INSERT INTO postings (entry_id, account_id, user_id, purpose, currency, entry_type, amount, balance_after,
          created_at)
        SELECT t.e, t.a, t.u, t.p, t.c, t.y, t.m, t.b, t.t
        FROM unnest(b_entries, b_accounts, b_users, b_purposes, b_currencies, b_types, b_amounts, b_balances,
          b_ats) AS t(e, a, u, p, c, y, m, b, t)
        ORDER BY t.e, t.a
    ), placed AS (
      INSERT INTO trade_orders (id, user_id, kind, symbol, exchange, market, currency, direction, price_type,
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
        RETURNING trade_orders.id, trade_orders.order_no
    ), answered AS (
      SELECT t.k, placed.order_no, jsonb_set(p_responses[t.i], '{orderNo}', to_jsonb(placed.order_no)) AS answer
        FROM unnest(n_index) WITH ORDINALITY AS t(i, k)
          JOIN placed ON placed.id = (n_records[t.k] ->> 'id')::uuid
    ), stored AS (
      INSERT INTO idempotency_keys (owner, key, request_hash, response, created_at)
        SELECT p_owners[n_index[a.k]], p_keys[n_index[a.k]], p_hashes[n_index[a.k]], a.answer,
          p_ats[n_index[a.k]]
        FROM answered a
    )
    SELECT a.k, a.order_no, a.answer FROM answered a LOOP
    n_placed_numbers[r.k] := r.order_no;
    n_answers[r.k] := r.answer;
  END LOOP;

  -- Their answers; an order sent again in the batch answers the one placed.
  FOR k IN 1 .. cardinality(n_index) LOOP
    o_index := n_index[k];
    o_outcome := 'placed';
    o_response := to_jsonb(n_placed_numbers[k]);
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
END
$function$;
