CREATE OR REPLACE FUNCTION public.ledger_settle(p_purposes text[], p_currencies text[], p_shards smallint[], p_deltas numeric[], p_line_accounts integer[], p_line_entries bigint[], p_line_types text[], p_line_amounts numeric[], p_line_times timestamp with time zone[], p_owner text, p_key text, p_response jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_stored int;
BEGIN
  PERFORM ledger_settle_platform(p_purposes, p_currencies, p_shards, p_deltas, p_line_accounts,
    p_line_entries, p_line_types, p_line_amounts, p_line_times);
  UPDATE idempotency_keys SET response = p_response WHERE owner = p_owner AND key = p_key;
  GET DIAGNOSTICS v_stored = ROW_COUNT;
  IF v_stored <> 1 THEN
    RAISE EXCEPTION 'ledger settlement inconsistent: % answers', v_stored;
  END IF;
END
$function$;
