CREATE OR REPLACE FUNCTION public.ledger_book(p_user_ids uuid[], p_purposes text[], p_currencies text[], p_shards smallint[], p_amounts numeric[], p_defer_platform boolean, p_type text, p_entry_user uuid, p_reference text, p_idempotency_key text, p_caused_by text, p_staff uuid, p_reason text, p_at timestamp with time zone)
 RETURNS TABLE(outcome text, ord integer, balance numeric, entry_id bigint)
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_lines int := cardinality(p_amounts);
  v_found int;
  v_allowed boolean;
  v_moving int;
  v_entry bigint;
  v_ords int[];
  v_balances numeric[];
  v_posted int;
BEGIN
  IF p_defer_platform THEN
    PERFORM 1 FROM ledger_accounts a
      JOIN unnest(p_user_ids, p_purposes, p_currencies, p_shards) AS w(user_id, purpose, currency, shard)
        ON a.user_id = w.user_id AND a.purpose = w.purpose AND a.currency = w.currency AND a.shard = w.shard
      ORDER BY a.id
      FOR UPDATE OF a;
  ELSE
    PERFORM 1 FROM ledger_accounts a
      JOIN unnest(p_user_ids, p_purposes, p_currencies, p_shards) AS w(user_id, purpose, currency, shard)
        ON a.user_id IS NOT DISTINCT FROM w.user_id AND a.purpose = w.purpose AND a.currency = w.currency
          AND a.shard = w.shard
      ORDER BY a.user_id IS NULL, CASE WHEN a.user_id IS NULL THEN 0 ELSE a.id END,
        a.purpose COLLATE "C", a.currency COLLATE "C", a.shard
      FOR UPDATE OF a;
  END IF;

  SELECT count(*), coalesce(bool_and(a.user_id IS NULL OR a.balance + w.amount >= 0), true)
    INTO v_found, v_allowed
    FROM ledger_accounts a
    JOIN unnest(p_user_ids, p_purposes, p_currencies, p_shards, p_amounts) AS w(user_id, purpose, currency, shard, amount)
      ON a.user_id IS NOT DISTINCT FROM w.user_id AND a.purpose = w.purpose AND a.currency = w.currency
        AND a.shard = w.shard;
  IF v_found < v_lines THEN
    RETURN QUERY SELECT 'missing'::text, NULL::int, NULL::numeric, NULL::bigint;
    RETURN;
  END IF;
  IF NOT v_allowed THEN
    RETURN QUERY SELECT 'insufficient'::text, NULL::int, NULL::numeric, NULL::bigint;
    RETURN;
  END IF;

  INSERT INTO journal_entries (type, user_id, reference, idempotency_key, caused_by, staff_id, reason, created_at)
    VALUES (p_type, p_entry_user, p_reference, p_idempotency_key, p_caused_by, p_staff, p_reason, p_at)
    RETURNING id INTO v_entry;

  WITH lines AS (
    SELECT a.id, w.ord::int AS ord, w.user_id, w.purpose, w.currency, w.amount
    FROM ledger_accounts a
    JOIN unnest(p_user_ids, p_purposes, p_currencies, p_shards, p_amounts) WITH ORDINALITY
      AS w(user_id, purpose, currency, shard, amount, ord)
      ON a.user_id IS NOT DISTINCT FROM w.user_id AND a.purpose = w.purpose AND a.currency = w.currency
        AND a.shard = w.shard
    WHERE NOT (p_defer_platform AND w.user_id IS NULL)
  ),
  moved AS (
    UPDATE ledger_accounts a SET balance = a.balance + l.amount
    FROM lines l
    WHERE a.id = l.id AND (a.user_id IS NULL OR a.balance + l.amount >= 0)
    RETURNING a.id, a.balance, l.ord
  ),
  posted AS (
    INSERT INTO postings (entry_id, account_id, user_id, purpose, currency, entry_type, amount, balance_after, created_at)
    SELECT v_entry, m.id, l.user_id, l.purpose, l.currency, p_type, l.amount, m.balance, p_at
    FROM moved m JOIN lines l ON l.id = m.id
    ORDER BY m.id
    RETURNING 1
  )
  SELECT array_agg(m.ord ORDER BY m.ord), array_agg(m.balance ORDER BY m.ord), (SELECT count(*) FROM posted)
    INTO v_ords, v_balances, v_posted
    FROM moved m;

  SELECT count(*) INTO v_moving FROM unnest(p_user_ids) AS u(user_id) WHERE NOT (p_defer_platform AND u.user_id IS NULL);
  -- The rows are locked and allowed: anything else is a bug.
  IF coalesce(cardinality(v_ords), 0) <> v_moving OR v_posted <> v_moving THEN
    RAISE EXCEPTION 'booking inconsistent: % lines to move, % moved, % posted', v_moving, cardinality(v_ords), v_posted;
  END IF;
  RETURN QUERY SELECT 'booked'::text, u.ord, u.balance, v_entry FROM unnest(v_ords, v_balances) AS u(ord, balance);
END
$function$;
