CREATE OR REPLACE FUNCTION public.ledger_book_calls(c_starts integer[], c_users uuid[], c_references text[], c_keys text[], c_causes text[], c_staff uuid[], c_reasons text[], c_ats timestamp with time zone[], e_starts integer[], e_types text[], l_users uuid[], l_purposes text[], l_currencies text[], l_shards smallint[], l_amounts numeric[], p_defer boolean, p_entry_ids bigint[], p_balances numeric[])
 RETURNS TABLE(o_call integer, o_outcome text, o_entry integer, o_line integer, o_balance numeric, o_entry_id bigint)
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_calls int := cardinality(c_starts);
  v_entries int := cardinality(e_types);
  v_lines int := cardinality(l_amounts);
  v_pass int;
  v_needed int;
  v_found int;
  v_at int;
  v_call_first int;
  v_call_last int;
  v_line_last int;
  v_new numeric;
  v_refused int;
  v_refused_line int;
  r record;
  -- The users' accounts of the batch, locked in id order: id, user/purpose/currency, balance before the
  -- batch, as the batch moves them, and at the start of the current call.
  u_ids bigint[];
  u_keys text[];
  u_before numeric[];
  u_balances numeric[];
  u_running numeric[];
  -- The platform's accounts of the batch (locked in purpose, currency, shard order unless deferred).
  a_ids bigint[];
  a_keys text[];
  a_before numeric[];
  a_balances numeric[];
  a_running numeric[];
  -- Each line's account: an index in u_* (positive) or a_* (negative), and its balance after it.
  line_account int[] := array_fill(0, ARRAY[v_lines]);
  line_balance numeric[] := array_fill(NULL::numeric, ARRAY[v_lines]);
  line_entry int[] := array_fill(0, ARRAY[v_lines]);
  -- Each entry's id, null until its call is booked.
  entry_id bigint[] := array_fill(NULL::bigint, ARRAY[v_entries]);
  entry_call int[] := array_fill(0, ARRAY[v_entries]);
  call_booked boolean[] := array_fill(false, ARRAY[v_calls]);
BEGIN
  IF p_entry_ids IS NOT NULL AND cardinality(p_entry_ids) <> v_entries THEN
    RAISE EXCEPTION 'ledger booking: % entry ids given for % entries', cardinality(p_entry_ids), v_entries;
  END IF;
  -- 1. Find the accounts, creating the missing ones once, and lock them in the one fixed order: the users'
  -- by id, then the platform's by purpose, currency and shard (unless the caller settles those at its end).
  FOR v_pass IN 1 .. 2 LOOP
    u_ids := '{}'; u_keys := '{}'; u_before := '{}';
    a_ids := '{}'; a_keys := '{}'; a_before := '{}';
    FOR r IN SELECT a.id, a.user_id, a.purpose, a.currency, a.balance FROM ledger_accounts a
        JOIN (SELECT DISTINCT w.u, w.p, w.c FROM unnest(l_users, l_purposes, l_currencies) AS w(u, p, c)
          WHERE w.u IS NOT NULL) w ON a.user_id = w.u AND a.purpose = w.p AND a.currency = w.c AND a.shard = 0
        ORDER BY a.id
        FOR UPDATE OF a LOOP
      u_ids := u_ids || r.id;
      u_keys := u_keys || (r.user_id || '/' || r.purpose || '/' || r.currency);
      u_before := u_before || r.balance;
    END LOOP;
    IF p_defer THEN
      FOR r IN SELECT a.id, a.purpose, a.currency, a.shard, a.balance FROM ledger_accounts a
          JOIN (SELECT DISTINCT w.p, w.c, w.s FROM unnest(l_users, l_purposes, l_currencies, l_shards) AS w(u, p, c, s)
            WHERE w.u IS NULL) w ON a.user_id IS NULL AND a.purpose = w.p AND a.currency = w.c AND a.shard = w.s LOOP
        a_ids := a_ids || r.id;
        a_keys := a_keys || (r.purpose || '/' || r.currency || '/' || r.shard);
        a_before := a_before || r.balance;
      END LOOP;
    ELSE
      FOR r IN SELECT a.id, a.purpose, a.currency, a.shard, a.balance FROM ledger_accounts a
          JOIN (SELECT DISTINCT w.p, w.c, w.s FROM unnest(l_users, l_purposes, l_currencies, l_shards) AS w(u, p, c, s)
            WHERE w.u IS NULL) w ON a.user_id IS NULL AND a.purpose = w.p AND a.currency = w.c AND a.shard = w.s
          ORDER BY a.purpose COLLATE "C", a.currency COLLATE "C", a.shard
          FOR UPDATE OF a LOOP
        a_ids := a_ids || r.id;
        a_keys := a_keys || (r.purpose || '/' || r.currency || '/' || r.shard);
        a_before := a_before || r.balance;
      END LOOP;
    END IF;
    SELECT count(DISTINCT (w.u, w.p, w.c, w.s)) INTO v_needed
      FROM unnest(l_users, l_purposes, l_currencies, l_shards) AS w(u, p, c, s);
    v_found := cardinality(u_ids) + cardinality(a_ids);
    EXIT WHEN v_found = v_needed;
    IF v_pass = 2 THEN
      RAISE EXCEPTION 'ledger accounts missing after they were created: % of %', v_found, v_needed;
    END IF;
    -- A concurrent creator's row is waited for, then kept.
    INSERT INTO ledger_accounts (user_id, purpose, currency, shard)
      SELECT DISTINCT w.u, w.p, w.c, w.s FROM unnest(l_users, l_purposes, l_currencies, l_shards) AS w(u, p, c, s)
      ORDER BY w.u NULLS FIRST, w.p, w.c, w.s
      ON CONFLICT DO NOTHING;
  END LOOP;
  u_balances := u_before;
  a_balances := a_before;

  -- 2. Each call in order, all or nothing: its lines move running balances, and a user's account below
  -- zero after any of its entries refuses the call (its lines are forgotten; the next call starts from the
  -- balances before it). Nothing is written until every call is decided.
  FOR k IN 1 .. v_calls LOOP
    v_call_first := c_starts[k];
    v_call_last := CASE WHEN k < v_calls THEN c_starts[k + 1] - 1 ELSE v_entries END;
    u_running := u_balances;
    a_running := a_balances;
    v_refused := NULL;
    <<call>>
    FOR j IN v_call_first .. v_call_last LOOP
      v_line_last := CASE WHEN j < v_entries THEN e_starts[j + 1] - 1 ELSE v_lines END;
      FOR i IN e_starts[j] .. v_line_last LOOP
        line_entry[i] := j;
        IF l_users[i] IS NULL THEN
          v_at := array_position(a_keys, l_purposes[i] || '/' || l_currencies[i] || '/' || l_shards[i]);
          a_running[v_at] := a_running[v_at] + l_amounts[i];
          line_account[i] := -v_at;
          line_balance[i] := CASE WHEN p_defer THEN NULL ELSE a_running[v_at] END;
        ELSE
          v_at := array_position(u_keys, l_users[i] || '/' || l_purposes[i] || '/' || l_currencies[i]);
          v_new := u_running[v_at] + l_amounts[i];
          u_running[v_at] := v_new;
          line_account[i] := v_at;
          line_balance[i] := v_new;
        END IF;
      END LOOP;
      -- The guard, after each entry: no user's account of the call below zero.
      FOR i IN e_starts[j] .. v_line_last LOOP
        IF line_account[i] > 0 AND u_running[line_account[i]] < 0 THEN
          v_refused := j - v_call_first + 1;
          v_refused_line := i;
          EXIT call;
        END IF;
      END LOOP;
    END LOOP;
    IF v_refused IS NOT NULL AND p_entry_ids IS NOT NULL THEN
      -- The caller decided on these balances, locked, that every call books: it did not.
      RAISE EXCEPTION 'ledger booking: call % refused, its entry ids were given', k;
    END IF;
    IF v_refused IS NOT NULL THEN
      -- Refused: which entry, and the user's available balance of that line's currency before the call.
      o_call := k;
      o_outcome := 'insufficient';
      o_entry := v_refused;
      o_line := NULL;
      v_at := array_position(u_keys, l_users[v_refused_line] || '/available/' || l_currencies[v_refused_line]);
      o_balance := CASE WHEN v_at IS NULL THEN 0 ELSE u_balances[v_at] END;
      o_entry_id := NULL;
      RETURN NEXT;
      CONTINUE;
    END IF;
    u_balances := u_running;
    a_balances := a_running;
    call_booked[k] := true;
    FOR j IN v_call_first .. v_call_last LOOP
      -- The entry's id: reserved by the caller (all of them, in order), else the sequence's next.
      entry_id[j] := CASE WHEN p_entry_ids IS NULL THEN nextval('journal_entries_id_seq') ELSE p_entry_ids[j] END;
      entry_call[j] := k;
    END LOOP;
  END LOOP;

  -- What the caller decided: each user's line at the balance it expected (for an account it did not find,
  -- one created here: a concurrent creator's balance shows).
  IF p_balances IS NOT NULL THEN
    FOR i IN 1 .. v_lines LOOP
      IF l_users[i] IS NOT NULL AND line_balance[i] IS DISTINCT FROM p_balances[i] THEN
        RAISE EXCEPTION 'ledger booking: line % at balance %, the caller expected %', i, line_balance[i], p_balances[i];
      END IF;
    END LOOP;
  END IF;

  -- 3. Every write of the booked calls in one statement: their entries, the balances (each account moved
  -- once, by the sum of its lines; the platform's only when not deferred), their postings with running
  -- balances (deferred platform lines are the caller's to post when it settles them).
  WITH entries AS (
    INSERT INTO journal_entries (id, type, user_id, reference, idempotency_key, caused_by, staff_id, reason, created_at)
      OVERRIDING SYSTEM VALUE
      SELECT entry_id[e.j], e_types[e.j], c_users[e.k], c_references[e.k], c_keys[e.k], c_causes[e.k], c_staff[e.k],
        c_reasons[e.k], c_ats[e.k]
      FROM unnest(entry_call) WITH ORDINALITY AS e(k, j)
      WHERE e.k > 0
      ORDER BY e.j
  ), users_moved AS (
    UPDATE ledger_accounts a SET balance = a.balance + (m.after - m.before)
      FROM unnest(u_ids, u_before, u_balances) AS m(id, before, after)
      WHERE a.id = m.id AND m.after <> m.before
  ), platform_moved AS (
    UPDATE ledger_accounts a SET balance = a.balance + (m.after - m.before)
      FROM unnest(a_ids, a_before, a_balances) AS m(id, before, after)
      WHERE NOT p_defer AND a.id = m.id AND m.after <> m.before
  ), lines AS (
    SELECT l.i, line_entry[l.i] AS j,
        CASE WHEN line_account[l.i] > 0 THEN u_ids[line_account[l.i]] ELSE a_ids[-line_account[l.i]] END AS account
      FROM generate_series(1, v_lines) AS l(i)
      WHERE line_entry[l.i] > 0 AND entry_id[line_entry[l.i]] IS NOT NULL AND NOT (p_defer AND l_users[l.i] IS NULL)
  )
  INSERT INTO postings (entry_id, account_id, user_id, purpose, currency, entry_type, amount, balance_after, created_at)
    SELECT entry_id[x.j], x.account, l_users[x.i], l_purposes[x.i], l_currencies[x.i], e_types[x.j], l_amounts[x.i],
      line_balance[x.i], c_ats[entry_call[x.j]]
    FROM lines x
    ORDER BY entry_id[x.j], x.account;

  -- 4. The booked calls' lines: their entry (within the call), the line (within the entry), its balance
  -- after (null for a deferred platform line) and the entry's id.
  FOR j IN 1 .. v_entries LOOP
    CONTINUE WHEN entry_id[j] IS NULL;
    v_line_last := CASE WHEN j < v_entries THEN e_starts[j + 1] - 1 ELSE v_lines END;
    FOR i IN e_starts[j] .. v_line_last LOOP
      o_call := entry_call[j];
      o_outcome := 'booked';
      o_entry := j - c_starts[entry_call[j]] + 1;
      o_line := i - e_starts[j] + 1;
      o_balance := line_balance[i];
      o_entry_id := entry_id[j];
      RETURN NEXT;
    END LOOP;
  END LOOP;
END
$function$;
