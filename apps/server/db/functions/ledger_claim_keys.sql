CREATE OR REPLACE FUNCTION public.ledger_claim_keys(p_owners text[], p_keys text[], p_hashes text[], p_at timestamp with time zone)
 RETURNS TABLE(o_index integer, o_claimed boolean, o_hash text, o_response jsonb)
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Every key's lock first, in one order (by the lock's own number), so that batches sharing keys cannot
  -- deadlock; then, in a statement that sees what the keys' last holders committed, claim the free ones.
  PERFORM ledger_key_lock(l.o, l.k)
    FROM (SELECT DISTINCT ON (hashtext(t.o || '/' || t.k)) t.o, t.k FROM unnest(p_owners, p_keys) AS t(o, k)
      ORDER BY hashtext(t.o || '/' || t.k)) l;
  RETURN QUERY
    WITH claimed AS (
      INSERT INTO idempotency_keys (owner, key, request_hash, created_at)
        SELECT t.o, t.k, t.h, p_at FROM unnest(p_owners, p_keys, p_hashes) AS t(o, k, h)
        ON CONFLICT DO NOTHING
        RETURNING owner, key
    )
    SELECT t.n::int, c.owner IS NOT NULL, s.request_hash, s.response
      FROM unnest(p_owners, p_keys) WITH ORDINALITY AS t(o, k, n)
      LEFT JOIN claimed c ON c.owner = t.o AND c.key = t.k
      LEFT JOIN idempotency_keys s ON c.owner IS NULL AND s.owner = t.o AND s.key = t.k
      ORDER BY t.n;
END
$function$;
