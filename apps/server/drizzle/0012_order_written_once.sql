-- An order placed in one call (apps/server/src/modules/trading/place.ts) writes its row once (issue 9: the
-- order benchmark and pgbench are both bound by PostgreSQL's WAL flush, so every row written twice costs).
-- As in migration 0011, but the entries are booked first and the order's row is inserted after them, with
-- its link to its first entry (`p_entry_column`) in the same write: no UPDATE of the row, so no second
-- version of it (and, when that version did not fit its page, no second entry in each of its indexes).
-- Nothing references the order's row (journal entries carry its id as their text reference; the row
-- references the entry), so the entry can be written before it. The order's id is the caller's.
--
-- Unchanged: the key is locked and read first (`ledger_key`); the account's refusals come in the same
-- order, before anything is written; the bookings (`ledger_book_all`) and their refusals (`insufficient`
-- with the same detail, `fallback`) are the same; the answer gets the order number the row's insert gives
-- and is stored with the key, written once, at the end. Locks: the user's row is share-locked (foreign
-- key) by the first journal entry's insert rather than by the order's, after the accounts are locked, the
-- order every other booking (`ledger_book`) already takes them in.
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

  -- The row with its link, as trade_orders' own record type reads `p_order` and the entry's id.
  EXECUTE format('INSERT INTO trade_orders (%1$s) SELECT %1$s FROM jsonb_populate_record(NULL::trade_orders, $1) RETURNING order_no',
      (SELECT string_agg(quote_ident(c), ', ')
        FROM unnest(array_append(array_remove(p_columns, p_entry_column), p_entry_column)) AS c))
    USING p_order || jsonb_build_object(p_entry_column, v_entry) INTO v_order_no;

  v_answer := jsonb_set(p_response, '{orderNo}', to_jsonb(v_order_no));
  INSERT INTO idempotency_keys (owner, key, request_hash, response, created_at)
    VALUES (p_owner, p_key, p_hash, v_answer, p_at);
  RETURN QUERY SELECT 'filled'::text, v_answer, p_hash;
END
$$;
