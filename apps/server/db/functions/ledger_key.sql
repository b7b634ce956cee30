CREATE OR REPLACE FUNCTION public.ledger_key(p_owner text, p_key text, OUT o_found boolean, OUT o_response jsonb, OUT o_hash text)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM ledger_key_lock(p_owner, p_key);
  SELECT k.response, k.request_hash INTO o_response, o_hash
    FROM idempotency_keys k WHERE k.owner = p_owner AND k.key = p_key;
  o_found := FOUND;
END
$function$;
