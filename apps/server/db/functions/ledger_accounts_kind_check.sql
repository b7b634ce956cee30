CREATE OR REPLACE FUNCTION public.ledger_accounts_kind_check()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT (NEW.shard >= 0 AND (NEW.user_id IS NULL OR NEW.shard = 0)) THEN
    RAISE EXCEPTION 'new row for relation "ledger_accounts" violates check constraint "ledger_accounts_shard_check"'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_shard_check', TABLE = 'ledger_accounts';
  END IF;
  IF NOT ((NEW.user_id IS NOT NULL AND NEW.purpose IN ('available', 'held', 'margin', 'loan'))
      OR (NEW.user_id IS NULL AND NEW.purpose IN ('cash_in', 'cash_out', 'fees', 'taxes', 'fx', 'pnl', 'loans',
        'rebates', 'adjustments', 'protection', 'promotions'))) THEN
    RAISE EXCEPTION 'new row for relation "ledger_accounts" violates check constraint "ledger_accounts_purpose_check"'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_purpose_check', TABLE = 'ledger_accounts';
  END IF;
  RETURN NEW;
END
$function$;
