-- A currency exchange's fill in one call (apps/server/src/modules/exchange/fill.ts): one statement, one
-- round trip, run in autocommit, so its locks are released by its own commit. It does, in order, what the
-- general path (`idempotent` + `book` + settlement) does in one transaction of three round trips:
--   1. claims the idempotency key; a key claimed before answers the stored answer and its request's hash
--      (outcome `stored`; the caller compares the hash), a concurrent claim of it is waited for;
--   2. claims the user's quote (unused, unexpired, and the very terms the caller booked);
--   3. books the entry's user side with `ledger_book` (lock order and checks unchanged), platform deferred;
--   4. writes the users' balances after the entry into the answer (wallets[i].available, at each
--      currency's scale), links the quote to its entry, settles the platform side and stores the answer
--      with `ledger_settle`.
-- Any refusal raises `exchange_fill:<reason>` (detail: the paying wallet's balance when it is short), so
-- PostgreSQL rolls back the key and the quote with everything else: reasons notFound, used, expired,
-- insufficient, and `fallback` (an account does not exist yet, or the quote's terms differ from the
-- caller's): the caller then runs the general path, which handles every case.
-- Claims an idempotency key inside a function that does a whole money-moving call in one statement (as
-- `idempotent` claims it in its transaction: apps/server/src/modules/ledger/idempotency.ts): true when this
-- call claimed it; false when it was claimed before (a concurrent claim is waited for), its stored answer
-- and request hash then in `o_response` and `o_hash`.
CREATE FUNCTION "ledger_claim"(p_owner text, p_key text, p_hash text, p_at timestamptz,
  OUT o_claimed boolean, OUT o_response jsonb, OUT o_hash text)
LANGUAGE plpgsql AS $$
DECLARE
  v_claimed int;
BEGIN
  INSERT INTO idempotency_keys (owner, key, request_hash, created_at) VALUES (p_owner, p_key, p_hash, p_at)
    ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS v_claimed = ROW_COUNT;
  o_claimed := v_claimed = 1;
  IF NOT o_claimed THEN
    SELECT k.response, k.request_hash INTO o_response, o_hash
      FROM idempotency_keys k WHERE k.owner = p_owner AND k.key = p_key;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "exchange_fill"(
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
  v_claim record;
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
  SELECT * INTO v_claim FROM ledger_claim(p_owner, p_key, p_hash, p_at);
  IF NOT v_claim.o_claimed THEN
    RETURN QUERY SELECT 'stored'::text, v_claim.o_response, v_claim.o_hash;
    RETURN;
  END IF;

  UPDATE exchange_quotes q SET used_at = p_at
    WHERE q.id = p_quote AND q.user_id = p_user AND q.used_at IS NULL AND q.expires_at > p_at
      AND q.from_currency = p_from AND q.to_currency = p_to AND q.amount = p_amount AND q.receive = p_receive
    RETURNING q.id INTO v_quote;
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

  UPDATE exchange_quotes SET entry_id = v_entry WHERE id = p_quote;
  PERFORM ledger_settle(s_purposes, s_currencies, s_shards, s_deltas, s_line_accounts,
    array_fill(v_entry, ARRAY[v_lines]), array_fill(p_type, ARRAY[v_lines]), s_line_amounts,
    array_fill(p_at, ARRAY[v_lines]), p_owner, p_key, v_answer);
  RETURN QUERY SELECT 'filled'::text, v_answer, p_hash;
END
$$;
