-- `order_place_together` (0016) without its one dynamic statement: each order's row was written with
-- EXECUTE of an INSERT naming the columns the server sent, parsed and planned anew for every order (a CPU
-- profile of the orders benchmark on 2026-11-24: about a fifth of PostgreSQL's time). The INSERT now names
-- every column the server may write, so PL/pgSQL plans it once per connection; a column the order's record
-- leaves out takes its default, as before (`kind` 'normal', `id` a new uuid; the rest have none but NULL).
-- The order's written-columns argument goes. Otherwise the function is 0016's, unchanged.
--
-- A column added to trade_orders later must be added to this INSERT (a server test, place.test.ts, compares
-- the two).
DROP FUNCTION "order_place_together"(
  text[], text[], text[], uuid[], timestamptz[], text[], jsonb[], text[], text[], jsonb[], int[], text[], int[],
  uuid[], text[], text[], smallint[], numeric[]);
--> statement-breakpoint
CREATE FUNCTION "order_place_together"(
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
  v_starts int[];
  v_entries bigint[];
  v_order_no text;
  v_available numeric;
  v_answer jsonb;
  v_constraint text;
  v_message text;
  r record;
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
      IF v_key.o_found THEN
        o_outcome := 'stored';
        o_response := v_key.o_response;
        o_hash := v_key.o_hash;
      ELSE
        SELECT u.disabled, u.frozen, u.trade_banned, u.fund_password_hash IS NOT NULL
          INTO v_disabled, v_frozen, v_banned, v_password FROM users u WHERE u.id = p_users[i];
        IF NOT FOUND THEN RAISE EXCEPTION 'order_place:UNAUTHORIZED'; END IF;
        IF v_disabled THEN RAISE EXCEPTION 'order_place:ACCOUNT_DISABLED'; END IF;
        IF v_frozen THEN RAISE EXCEPTION 'order_place:ACCOUNT_FROZEN'; END IF;
        IF v_banned THEN RAISE EXCEPTION 'order_place:TRADE_BANNED'; END IF;
        IF NOT v_password THEN RAISE EXCEPTION 'order_place:FUND_PASSWORD_NOT_SET'; END IF;

        -- The entries, their platform side deferred; each entry's id by its index.
        v_starts := ARRAY(SELECT s - v_first_line + 1 FROM unnest(e_line_starts[v_first_entry:v_last_entry]) AS s);
        v_entries := array_fill(NULL::bigint, ARRAY[v_last_entry - v_first_entry + 1]);
        FOR r IN SELECT * FROM ledger_book_all(v_starts, l_user_ids[v_first_line:v_last_line],
            l_purposes[v_first_line:v_last_line], l_currencies[v_first_line:v_last_line],
            l_shards[v_first_line:v_last_line], l_amounts[v_first_line:v_last_line],
            array_fill(true, ARRAY[v_last_entry - v_first_entry + 1]), e_types[v_first_entry:v_last_entry],
            p_users[i], p_references[i], p_keys[i], 'user', NULL, NULL, p_ats[i]) LOOP
          IF r.outcome = 'missing' THEN
            RAISE EXCEPTION 'order_place:fallback';
          END IF;
          IF r.outcome = 'insufficient' THEN
            SELECT a.balance INTO v_available FROM ledger_accounts a
              WHERE a.user_id = p_users[i] AND a.purpose = 'available' AND a.currency = (p_orders[i] ->> 'currency');
            RAISE EXCEPTION 'order_place:insufficient'
              USING DETAIL = (r.entry_index - 1)::text || ':' || coalesce(v_available, 0)::text;
          END IF;
          v_entries[r.entry_index] := r.entry_id;
        END LOOP;

        -- The row with its link: every column the server may write, named (the statement is planned once
        -- per connection); a column the record does not have takes its default.
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
          FROM jsonb_populate_record(NULL::trade_orders,
            p_orders[i] || jsonb_build_object(p_entry_columns[i], v_entries[1])) AS n
          RETURNING order_no INTO v_order_no;

        v_answer := jsonb_set(p_responses[i], '{orderNo}', to_jsonb(v_order_no));
        INSERT INTO idempotency_keys (owner, key, request_hash, response, created_at)
          VALUES (p_owners[i], p_keys[i], p_hashes[i], v_answer, p_ats[i]);

        -- Written: its platform lines join the batch's settlement.
        FOR j IN v_first_entry .. v_last_entry LOOP
          FOR k IN e_line_starts[j] .. CASE WHEN j < cardinality(e_types) THEN e_line_starts[j + 1] - 1
              ELSE cardinality(l_amounts) END LOOP
            IF l_user_ids[k] IS NULL THEN
              w_purposes := w_purposes || l_purposes[k];
              w_currencies := w_currencies || l_currencies[k];
              w_shards := w_shards || l_shards[k];
              w_amounts := w_amounts || l_amounts[k];
              w_entries := w_entries || v_entries[j - v_first_entry + 1];
              w_types := w_types || e_types[j];
              w_ats := w_ats || p_ats[i];
            END IF;
          END LOOP;
        END LOOP;
        o_outcome := 'placed';
        o_response := v_answer;
        o_hash := p_hashes[i];
      END IF;
    EXCEPTION
      WHEN raise_exception THEN
        -- The refusal's message (`order_place:<reason>`, as a JSON string) and its detail; the order's
        -- writes are undone.
        GET STACKED DIAGNOSTICS o_detail = PG_EXCEPTION_DETAIL, v_message = MESSAGE_TEXT;
        o_outcome := 'raised';
        o_response := to_jsonb(v_message);
      WHEN unique_violation THEN
        GET STACKED DIAGNOSTICS v_constraint = CONSTRAINT_NAME;
        IF v_constraint <> 'idempotency_keys_owner_key_pk' THEN
          RAISE;
        END IF;
        o_outcome := 'keyTaken';
    END;
    RETURN NEXT;
  END LOOP;

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
