-- `exchange_fill` (migrations 0008, 0011) without the general booking functions (issue 8's benchmark).
-- A CPU count on 2026-11-24 put 1.3–1.4 ms of PostgreSQL's time into each fill, against ≈0.6 ms for a
-- plain transaction making the same writes (pgbench with a script of the same statements): half of it was
-- the generality of `ledger_book` and `ledger_settle_platform`, whose joins against unnested arrays, window
-- function and row-returning calls are planned and run for two user lines and two platform lines.
--
-- An exchange's entry always has the same shape (the core's `exchange`): the user's available wallet of
-- the paid currency goes down, the platform's FX account of it (the user's shard) up, the platform's FX
-- account of the received currency down and the user's wallet of it up. This function writes exactly what
-- the general path writes for that shape, in the same lock order (key, quote, the user's accounts by id,
-- the platform's accounts in the settlement's one fixed order), with the same refusals in the same order,
-- each a single-row statement with a plan kept for the session. Lines of any other shape answer
-- `fallback`, so the general path, which handles every case, runs instead.
--
-- The arguments are unchanged (apps/server/src/modules/exchange/fill.ts builds them): the entry's lines
-- (p_user_ids … p_amounts), the platform's settlement (s_*: accounts in their fixed order with their
-- deltas, and each platform line's account), the answer with the wallets' balances still to write.
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
  v_pay_line int;
  v_get_line int;
  v_pay numeric;
  v_get numeric;
  v_locked int;
  v_pay_id bigint;
  v_get_id bigint;
  v_pay_balance numeric;
  v_get_balance numeric;
  v_balances numeric[] := array_fill(NULL::numeric, ARRAY[cardinality(p_amounts)]);
  v_available numeric;
  v_entry bigint;
  v_platform_ids bigint[] := '{}';
  v_platform_balances numeric[] := '{}';
  v_id bigint;
  v_balance numeric;
  v_answer jsonb := p_response;
  v_platform_lines int[] := '{}';
BEGIN
  -- The shape this function writes; anything else goes the general way.
  FOR i IN 1 .. cardinality(p_amounts) LOOP
    IF p_user_ids[i] IS NULL THEN
      v_platform_lines := v_platform_lines || i;
    ELSIF p_user_ids[i] = p_user AND p_purposes[i] = 'available' AND p_shards[i] = 0
        AND p_currencies[i] = p_from AND p_amounts[i] < 0 AND v_pay_line IS NULL THEN
      v_pay_line := i;
    ELSIF p_user_ids[i] = p_user AND p_purposes[i] = 'available' AND p_shards[i] = 0
        AND p_currencies[i] = p_to AND p_amounts[i] > 0 AND v_get_line IS NULL THEN
      v_get_line := i;
    ELSE
      RAISE EXCEPTION 'exchange_fill:fallback';
    END IF;
  END LOOP;
  IF v_pay_line IS NULL OR v_get_line IS NULL OR p_from = p_to
      OR cardinality(v_platform_lines) <> 2 OR cardinality(s_line_amounts) <> 2
      OR cardinality(s_line_accounts) <> 2 OR cardinality(s_deltas) <> 2
      OR s_line_accounts[1] = s_line_accounts[2] THEN
    RAISE EXCEPTION 'exchange_fill:fallback';
  END IF;
  v_pay := -p_amounts[v_pay_line];
  v_get := p_amounts[v_get_line];

  -- 1. The key (locked, then read), as before.
  SELECT * INTO v_key FROM ledger_key(p_owner, p_key);
  IF v_key.o_found THEN
    RETURN QUERY SELECT 'stored'::text, v_key.o_response, v_key.o_hash;
    RETURN;
  END IF;

  -- 2. The quote, as before: locked, unused, unexpired, the caller's terms.
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

  -- 3. The user's two wallets, locked in id order (as `ledger_book` locks a user's accounts); a wallet
  -- that does not exist yet is created by the general path.
  PERFORM 1 FROM ledger_accounts a
    WHERE a.user_id = p_user AND a.purpose = 'available' AND a.shard = 0 AND a.currency IN (p_from, p_to)
    ORDER BY a.id
    FOR UPDATE;
  GET DIAGNOSTICS v_locked = ROW_COUNT;
  IF v_locked < 2 THEN
    RAISE EXCEPTION 'exchange_fill:fallback';
  END IF;
  UPDATE ledger_accounts a SET balance = a.balance - v_pay
    WHERE a.user_id = p_user AND a.purpose = 'available' AND a.shard = 0 AND a.currency = p_from
      AND a.balance - v_pay >= 0
    RETURNING a.id, a.balance INTO v_pay_id, v_pay_balance;
  IF v_pay_id IS NULL THEN
    SELECT a.balance INTO v_available FROM ledger_accounts a
      WHERE a.user_id = p_user AND a.purpose = 'available' AND a.currency = p_from;
    RAISE EXCEPTION 'exchange_fill:insufficient' USING DETAIL = coalesce(v_available, 0)::text;
  END IF;
  UPDATE ledger_accounts a SET balance = a.balance + v_get
    WHERE a.user_id = p_user AND a.purpose = 'available' AND a.shard = 0 AND a.currency = p_to
    RETURNING a.id, a.balance INTO v_get_id, v_get_balance;
  v_balances[v_pay_line] := v_pay_balance;
  v_balances[v_get_line] := v_get_balance;

  -- 4. The entry, then the platform's accounts in the settlement's fixed order, each moved once (an
  -- account that does not exist yet: the general path).
  INSERT INTO journal_entries (type, user_id, reference, idempotency_key, caused_by, staff_id, reason, created_at)
    VALUES (p_type, p_user, p_reference, p_key, 'user', NULL, NULL, p_at)
    RETURNING id INTO v_entry;
  FOR k IN 1 .. 2 LOOP
    UPDATE ledger_accounts SET balance = balance + s_deltas[k]
      WHERE user_id IS NULL AND purpose = s_purposes[k] AND currency = s_currencies[k] AND shard = s_shards[k]
      RETURNING id, balance INTO v_id, v_balance;
    IF v_id IS NULL THEN
      RAISE EXCEPTION 'exchange_fill:fallback';
    END IF;
    v_platform_ids := v_platform_ids || v_id;
    v_platform_balances := v_platform_balances || v_balance;
    v_id := NULL;
  END LOOP;

  -- 5. The postings: the user's two by account id (as `ledger_book` writes them), then the platform's two
  -- in line order, each with its account's balance after the entry (one line per platform account).
  INSERT INTO postings (entry_id, account_id, user_id, purpose, currency, entry_type, amount, balance_after, created_at)
    VALUES
      (v_entry, least(v_pay_id, v_get_id), p_user, 'available',
        CASE WHEN v_pay_id < v_get_id THEN p_from ELSE p_to END, p_type,
        CASE WHEN v_pay_id < v_get_id THEN -v_pay ELSE v_get END,
        CASE WHEN v_pay_id < v_get_id THEN v_balances[v_pay_line] ELSE v_balances[v_get_line] END, p_at),
      (v_entry, greatest(v_pay_id, v_get_id), p_user, 'available',
        CASE WHEN v_pay_id < v_get_id THEN p_to ELSE p_from END, p_type,
        CASE WHEN v_pay_id < v_get_id THEN v_get ELSE -v_pay END,
        CASE WHEN v_pay_id < v_get_id THEN v_balances[v_get_line] ELSE v_balances[v_pay_line] END, p_at),
      (v_entry, v_platform_ids[s_line_accounts[1]], NULL, s_purposes[s_line_accounts[1]],
        s_currencies[s_line_accounts[1]], p_type, s_line_amounts[1], v_platform_balances[s_line_accounts[1]], p_at),
      (v_entry, v_platform_ids[s_line_accounts[2]], NULL, s_purposes[s_line_accounts[2]],
        s_currencies[s_line_accounts[2]], p_type, s_line_amounts[2], v_platform_balances[s_line_accounts[2]], p_at);

  -- 6. The answer with the wallets' balances, the quote used, the key with its answer.
  FOR i IN 1 .. cardinality(p_wallet_lines) LOOP
    v_answer := jsonb_set(v_answer, ARRAY['wallets', (i - 1)::text, 'available'],
      to_jsonb(round(v_balances[p_wallet_lines[i]], p_wallet_scales[i])::text));
  END LOOP;
  UPDATE exchange_quotes SET used_at = p_at, entry_id = v_entry WHERE id = p_quote;
  INSERT INTO idempotency_keys (owner, key, request_hash, response, created_at)
    VALUES (p_owner, p_key, p_hash, v_answer, p_at);
  RETURN QUERY SELECT 'filled'::text, v_answer, p_hash;
END
$$;
