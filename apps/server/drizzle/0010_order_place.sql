-- An order placed in one call (apps/server/src/modules/trading/place.ts): one statement, one round trip, in
-- autocommit, so its locks are released by its own commit. It does, in order, what the general path
-- (TradingService.placeOrder: `idempotent` + `bookAll`) does in one transaction of three round trips:
--   1. claims the idempotency key; a key claimed before answers the stored answer and its request's hash
--      (outcome `stored`; the caller compares the hash), a concurrent claim of it is waited for;
--   2. checks the account: disabled, frozen, trade-banned, fund password set (in that order);
--   3. inserts the order's row (`p_columns` of `p_order`, as trade_orders' own record type reads them);
--   4. books its entries with `ledger_book_all` (lock order and checks unchanged; the platform's accounts
--      locked last, held only until this statement's commit);
--   5. links the order to its first entry (`p_entry_column`), writes its order number into the answer
--      and stores the answer with the key.
-- Any refusal raises `order_place:<reason>` (and PostgreSQL rolls back everything): the account's error
-- codes, `insufficient` (detail: the entry's index, a colon, and its currency's available balance), or
-- `fallback` when an account does not exist yet: the caller then runs the general path, which creates it.
CREATE FUNCTION "order_place"(
  p_owner text, p_key text, p_hash text, p_user uuid, p_at timestamptz,
  p_columns text[], p_order jsonb, p_entry_column text,
  p_starts int[], p_user_ids uuid[], p_purposes text[], p_currencies text[], p_shards smallint[],
  p_amounts numeric[], p_types text[], p_reference text,
  p_response jsonb
) RETURNS TABLE (o_outcome text, o_response jsonb, o_hash text)
LANGUAGE plpgsql AS $$
DECLARE
  v_claim record;
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
  SELECT * INTO v_claim FROM ledger_claim(p_owner, p_key, p_hash, p_at);
  IF NOT v_claim.o_claimed THEN
    RETURN QUERY SELECT 'stored'::text, v_claim.o_response, v_claim.o_hash;
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
  UPDATE idempotency_keys SET response = v_answer WHERE owner = p_owner AND key = p_key;
  RETURN QUERY SELECT 'filled'::text, v_answer, p_hash;
END
$$;
