CREATE OR REPLACE FUNCTION public.exchange_fill_together(p_owners text[], p_keys text[], p_hashes text[], p_users uuid[], p_quotes uuid[], p_ats timestamp with time zone[], p_froms text[], p_tos text[], p_amounts numeric[], p_receives numeric[], p_types text[], p_purposes text[], p_shards smallint[], p_responses jsonb[], p_from_scales integer[], p_to_scales integer[])
 RETURNS TABLE(o_index integer, o_outcome text, o_response jsonb, o_hash text, o_detail text)
 LANGUAGE plpgsql
AS $function$
DECLARE
  i int;
  v_key record;
  v_quote uuid;
  v_used timestamptz;
  v_expires timestamptz;
  v_locked int;
  v_pay_id bigint;
  v_pay_balance numeric;
  v_get_id bigint;
  v_get_balance numeric;
  v_available numeric;
  v_entry bigint;
  v_answer jsonb;
  v_id bigint;
  v_pay_account int;
  v_get_account int;
  v_pair int[];
  v_currency text;
  -- The platform's accounts of the batch: natural key, id, the sum of the batch's lines on it.
  a_keys text[] := '{}';
  a_purposes text[] := '{}';
  a_currencies text[] := '{}';
  a_shards smallint[] := '{}';
  a_ids bigint[] := '{}';
  a_sums numeric[] := '{}';
  a_running numeric[] := '{}';
  k int;
  v_balance numeric;
  -- The filled, in fill order: the fill's index, entry, wallets (id, balance after) and platform accounts.
  f_fills int[] := '{}';
  f_entries bigint[] := '{}';
  f_pay_ids bigint[] := '{}';
  f_pay_balances numeric[] := '{}';
  f_get_ids bigint[] := '{}';
  f_get_balances numeric[] := '{}';
  f_pay_accounts int[] := '{}';
  f_get_accounts int[] := '{}';
  -- The postings, written in one statement at the end: per entry the user's two by account id, then the
  -- platform's two in line order (as `exchange_fill` wrote them).
  w_entries bigint[] := '{}';
  w_accounts bigint[] := '{}';
  w_users uuid[] := '{}';
  w_purposes text[] := '{}';
  w_currencies text[] := '{}';
  w_types text[] := '{}';
  w_amounts numeric[] := '{}';
  w_balances numeric[] := '{}';
  w_ats timestamptz[] := '{}';
  j int;
  v_pay_first boolean;
BEGIN
  FOR i IN SELECT t.n FROM unnest(p_users, p_keys) WITH ORDINALITY AS t(u, k, n)
      ORDER BY t.u, t.k COLLATE "C", t.n LOOP
    o_index := i;
    o_response := NULL;
    o_hash := NULL;
    o_detail := NULL;

    -- 1. The key (locked, then read).
    SELECT * INTO v_key FROM ledger_key(p_owners[i], p_keys[i]);
    IF v_key.o_found THEN
      o_outcome := 'stored';
      o_response := v_key.o_response;
      o_hash := v_key.o_hash;
      RETURN NEXT;
      CONTINUE;
    END IF;

    -- 2. The quote: locked, unused, unexpired, the caller's terms.
    v_quote := NULL;
    SELECT q.id INTO v_quote FROM exchange_quotes q
      WHERE q.id = p_quotes[i] AND q.user_id = p_users[i] AND q.used_at IS NULL AND q.expires_at > p_ats[i]
        AND q.from_currency = p_froms[i] AND q.to_currency = p_tos[i] AND q.amount = p_amounts[i]
        AND q.receive = p_receives[i]
      FOR NO KEY UPDATE;
    IF v_quote IS NULL THEN
      SELECT q.used_at, q.expires_at INTO v_used, v_expires
        FROM exchange_quotes q WHERE q.id = p_quotes[i] AND q.user_id = p_users[i];
      o_outcome := CASE
        WHEN NOT FOUND THEN 'notFound'
        WHEN v_used IS NOT NULL THEN 'used'
        WHEN v_expires <= p_ats[i] THEN 'expired'
        ELSE 'fallback' END;
      RETURN NEXT;
      CONTINUE;
    END IF;

    -- 3. The platform's two accounts must exist (only the general path creates accounts): found once per
    -- batch, not locked yet.
    v_pair := ARRAY[NULL, NULL]::int[];
    FOR c IN 1 .. 2 LOOP
      v_currency := CASE c WHEN 1 THEN p_froms[i] ELSE p_tos[i] END;
      v_pair[c] := array_position(a_keys, p_purposes[i] || '/' || v_currency || '/' || p_shards[i]);
      IF v_pair[c] IS NULL THEN
        SELECT a.id INTO v_id FROM ledger_accounts a
          WHERE a.user_id IS NULL AND a.purpose = p_purposes[i] AND a.currency = v_currency AND a.shard = p_shards[i];
        IF FOUND THEN
          a_keys := a_keys || (p_purposes[i] || '/' || v_currency || '/' || p_shards[i]);
          a_purposes := a_purposes || p_purposes[i];
          a_currencies := a_currencies || v_currency;
          a_shards := a_shards || p_shards[i];
          a_ids := a_ids || v_id;
          a_sums := a_sums || 0::numeric;
          v_pair[c] := cardinality(a_keys);
        END IF;
      END IF;
    END LOOP;
    v_pay_account := v_pair[1];
    v_get_account := v_pair[2];
    IF v_pay_account IS NULL OR v_get_account IS NULL THEN
      o_outcome := 'fallback';
      RETURN NEXT;
      CONTINUE;
    END IF;

    -- 4. The user's two wallets, locked in id order; a wallet that does not exist yet: the general path.
    PERFORM 1 FROM ledger_accounts a
      WHERE a.user_id = p_users[i] AND a.purpose = 'available' AND a.shard = 0
        AND a.currency IN (p_froms[i], p_tos[i])
      ORDER BY a.id
      FOR UPDATE;
    GET DIAGNOSTICS v_locked = ROW_COUNT;
    IF v_locked < 2 THEN
      o_outcome := 'fallback';
      RETURN NEXT;
      CONTINUE;
    END IF;

    -- 5. The writes: the paying wallet (refused when short, having written nothing), the other wallet,
    -- the entry, the quote used, the key with its answer.
    v_pay_id := NULL;
    UPDATE ledger_accounts a SET balance = a.balance - p_amounts[i]
      WHERE a.user_id = p_users[i] AND a.purpose = 'available' AND a.shard = 0 AND a.currency = p_froms[i]
        AND a.balance - p_amounts[i] >= 0
      RETURNING a.id, a.balance INTO v_pay_id, v_pay_balance;
    IF v_pay_id IS NULL THEN
      SELECT a.balance INTO v_available FROM ledger_accounts a
        WHERE a.user_id = p_users[i] AND a.purpose = 'available' AND a.shard = 0 AND a.currency = p_froms[i];
      o_outcome := 'insufficient';
      o_detail := coalesce(v_available, 0)::text;
      RETURN NEXT;
      CONTINUE;
    END IF;
    UPDATE ledger_accounts a SET balance = a.balance + p_receives[i]
      WHERE a.user_id = p_users[i] AND a.purpose = 'available' AND a.shard = 0 AND a.currency = p_tos[i]
      RETURNING a.id, a.balance INTO v_get_id, v_get_balance;
    INSERT INTO journal_entries (type, user_id, reference, idempotency_key, caused_by, staff_id, reason, created_at)
      VALUES (p_types[i], p_users[i], 'exchange:' || p_quotes[i], p_keys[i], 'user', NULL, NULL, p_ats[i])
      RETURNING id INTO v_entry;
    UPDATE exchange_quotes SET used_at = p_ats[i], entry_id = v_entry WHERE id = p_quotes[i];
    v_answer := jsonb_set(jsonb_set(p_responses[i],
      '{wallets,0,available}', to_jsonb(round(v_pay_balance, p_from_scales[i])::text)),
      '{wallets,1,available}', to_jsonb(round(v_get_balance, p_to_scales[i])::text));
    INSERT INTO idempotency_keys (owner, key, request_hash, response, created_at)
      VALUES (p_owners[i], p_keys[i], p_hashes[i], v_answer, p_ats[i]);

    a_sums[v_pay_account] := a_sums[v_pay_account] + p_amounts[i];
    a_sums[v_get_account] := a_sums[v_get_account] - p_receives[i];
    f_fills := f_fills || i;
    f_entries := f_entries || v_entry;
    f_pay_ids := f_pay_ids || v_pay_id;
    f_pay_balances := f_pay_balances || v_pay_balance;
    f_get_ids := f_get_ids || v_get_id;
    f_get_balances := f_get_balances || v_get_balance;
    f_pay_accounts := f_pay_accounts || v_pay_account;
    f_get_accounts := f_get_accounts || v_get_account;
    o_outcome := 'filled';
    o_response := v_answer;
    o_hash := p_hashes[i];
    RETURN NEXT;
  END LOOP;

  IF cardinality(f_fills) = 0 THEN
    RETURN;
  END IF;

  -- 6. The platform's accounts, each moved once by its sum, in the settlement's fixed order (purpose,
  -- currency, shard: as `ledger_settle_platform` orders them); each one's balance before the batch is
  -- where its postings' running balance starts.
  a_running := array_fill(NULL::numeric, ARRAY[cardinality(a_ids)]);
  FOR k IN SELECT t.n FROM unnest(a_purposes, a_currencies, a_shards) WITH ORDINALITY AS t(p, c, s, n)
      ORDER BY t.p COLLATE "C", t.c COLLATE "C", t.s LOOP
    UPDATE ledger_accounts SET balance = balance + a_sums[k] WHERE id = a_ids[k] RETURNING balance INTO v_balance;
    a_running[k] := v_balance - a_sums[k];
  END LOOP;

  -- 7. The postings, entry by entry in fill order.
  FOR j IN 1 .. cardinality(f_fills) LOOP
    i := f_fills[j];
    v_pay_first := f_pay_ids[j] < f_get_ids[j];
    a_running[f_pay_accounts[j]] := a_running[f_pay_accounts[j]] + p_amounts[i];
    a_running[f_get_accounts[j]] := a_running[f_get_accounts[j]] - p_receives[i];
    w_entries := w_entries || ARRAY[f_entries[j], f_entries[j], f_entries[j], f_entries[j]];
    w_accounts := w_accounts || ARRAY[
      least(f_pay_ids[j], f_get_ids[j]), greatest(f_pay_ids[j], f_get_ids[j]),
      a_ids[f_pay_accounts[j]], a_ids[f_get_accounts[j]]];
    w_users := w_users || ARRAY[p_users[i], p_users[i], NULL, NULL];
    w_purposes := w_purposes || ARRAY['available', 'available', p_purposes[i], p_purposes[i]];
    w_currencies := w_currencies || CASE WHEN v_pay_first
      THEN ARRAY[p_froms[i], p_tos[i], p_froms[i], p_tos[i]]
      ELSE ARRAY[p_tos[i], p_froms[i], p_froms[i], p_tos[i]] END;
    w_types := w_types || ARRAY[p_types[i], p_types[i], p_types[i], p_types[i]];
    w_amounts := w_amounts || CASE WHEN v_pay_first
      THEN ARRAY[-p_amounts[i], p_receives[i], p_amounts[i], -p_receives[i]]
      ELSE ARRAY[p_receives[i], -p_amounts[i], p_amounts[i], -p_receives[i]] END;
    w_balances := w_balances || CASE WHEN v_pay_first
      THEN ARRAY[f_pay_balances[j], f_get_balances[j]]
      ELSE ARRAY[f_get_balances[j], f_pay_balances[j]] END
      || ARRAY[a_running[f_pay_accounts[j]], a_running[f_get_accounts[j]]];
    w_ats := w_ats || ARRAY[p_ats[i], p_ats[i], p_ats[i], p_ats[i]];
  END LOOP;
  INSERT INTO postings (entry_id, account_id, user_id, purpose, currency, entry_type, amount, balance_after, created_at)
    SELECT * FROM unnest(w_entries, w_accounts, w_users, w_purposes, w_currencies, w_types, w_amounts,
      w_balances, w_ats);
END
$function$;
