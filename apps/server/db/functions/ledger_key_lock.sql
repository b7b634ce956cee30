CREATE OR REPLACE FUNCTION public.ledger_key_lock(p_owner text, p_key text)
 RETURNS void
 LANGUAGE sql
AS $function$
  SELECT pg_advisory_xact_lock(8, hashtext(p_owner || '/' || p_key))
$function$;
