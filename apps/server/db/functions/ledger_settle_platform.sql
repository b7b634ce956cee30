CREATE OR REPLACE FUNCTION public.ledger_settle_platform(p_purposes text[], p_currencies text[], p_shards smallint[], p_deltas numeric[], p_line_accounts integer[], p_line_entries bigint[], p_line_types text[], p_line_amounts numeric[], p_line_times timestamp with time zone[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_ids bigint[] := '{}';
  v_balances numeric[] := '{}';
  v_id bigint;
  v_balance numeric;
  v_posted int;
BEGIN
  FOR k IN 1 .. cardinality(p_deltas) LOOP
    UPDATE ledger_accounts SET balance = balance + p_deltas[k]
      WHERE user_id IS NULL AND purpose = p_purposes[k] AND currency = p_currencies[k] AND shard = p_shards[k]
      RETURNING id, balance INTO v_id, v_balance;
    IF v_id IS NULL THEN
      RAISE EXCEPTION 'ledger settlement: no platform account % % %', p_purposes[k], p_currencies[k], p_shards[k];
    END IF;
    v_ids := v_ids || v_id;
    v_balances := v_balances || v_balance;
    v_id := NULL;
  END LOOP;

  -- A line's running balance: its account's balance after the settlement less the lines booked after it.
  WITH lines AS (
    SELECT * FROM unnest(p_line_accounts, p_line_entries, p_line_types, p_line_amounts, p_line_times)
      WITH ORDINALITY AS l(k, entry_id, entry_type, amount, created_at, seq)
  ),
  posted AS (
    INSERT INTO postings (entry_id, account_id, user_id, purpose, currency, entry_type, amount, balance_after, created_at)
    SELECT l.entry_id, v_ids[l.k], NULL, p_purposes[l.k], p_currencies[l.k], l.entry_type, l.amount,
      v_balances[l.k] - coalesce(sum(l.amount) OVER (PARTITION BY l.k ORDER BY l.seq DESC
        ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0),
      l.created_at
    FROM lines l
    ORDER BY l.seq
    RETURNING 1
  )
  SELECT count(*) INTO v_posted FROM posted;
  IF v_posted <> cardinality(p_line_amounts) THEN
    RAISE EXCEPTION 'ledger settlement inconsistent: % postings of %', v_posted, cardinality(p_line_amounts);
  END IF;
END
$function$;
