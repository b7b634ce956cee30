CREATE OR REPLACE FUNCTION public.ledger_book_all(p_starts integer[], p_user_ids uuid[], p_purposes text[], p_currencies text[], p_shards smallint[], p_amounts numeric[], p_defer boolean[], p_types text[], p_entry_user uuid, p_reference text, p_idempotency_key text, p_caused_by text, p_staff uuid, p_reason text, p_at timestamp with time zone)
 RETURNS TABLE(entry_index integer, outcome text, ord integer, balance numeric, entry_id bigint)
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_first int;
  v_last int;
  v_booked boolean;
  r record;
BEGIN
  FOR k IN 1 .. cardinality(p_types) LOOP
    v_first := p_starts[k];
    v_last := CASE WHEN k < cardinality(p_types) THEN p_starts[k + 1] - 1 ELSE cardinality(p_amounts) END;
    v_booked := true;
    FOR r IN SELECT * FROM ledger_book(p_user_ids[v_first:v_last], p_purposes[v_first:v_last],
        p_currencies[v_first:v_last], p_shards[v_first:v_last], p_amounts[v_first:v_last], p_defer[k],
        p_types[k], p_entry_user, p_reference, p_idempotency_key, p_caused_by, p_staff, p_reason, p_at) LOOP
      v_booked := v_booked AND r.outcome = 'booked';
      RETURN QUERY SELECT k, r.outcome, r.ord, r.balance, r.entry_id;
    END LOOP;
    IF NOT v_booked THEN
      RETURN;
    END IF;
  END LOOP;
END
$function$;
