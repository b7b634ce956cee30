-- An account's kind (whose it is, its purpose, its shard) is checked when it is written, not on every move
-- of its balance. As CHECK constraints, `ledger_accounts_purpose_check` and `ledger_accounts_shard_check`
-- were read back from the catalogue and compiled on every UPDATE of a balance (PostgreSQL compiles a
-- table's CHECK constraints once per statement, whatever columns the statement sets): a CPU profile of the
-- ledger benchmark on 2026-11-24 put 12 % of PostgreSQL's time into constraint checking, most of it these
-- two. A trigger on those three columns runs only when a row is inserted or one of them is set, and refuses
-- exactly what the constraints refused, with the same error (check_violation, the same constraint names).
-- The balance's own constraint (`ledger_accounts_user_balance_check`) stays a CHECK: every move sets it.
CREATE FUNCTION "ledger_accounts_kind_check"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT (NEW.shard >= 0 AND (NEW.user_id IS NULL OR NEW.shard = 0)) THEN
    RAISE EXCEPTION 'new row for relation "ledger_accounts" violates check constraint "ledger_accounts_shard_check"'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_shard_check', TABLE = 'ledger_accounts';
  END IF;
  IF NOT ((NEW.user_id IS NOT NULL AND NEW.purpose IN ('available', 'held', 'margin', 'loan'))
      OR (NEW.user_id IS NULL AND NEW.purpose IN ('cash_in', 'cash_out', 'fees', 'taxes', 'fx', 'pnl', 'loans',
        'rebates', 'adjustments'))) THEN
    RAISE EXCEPTION 'new row for relation "ledger_accounts" violates check constraint "ledger_accounts_purpose_check"'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_purpose_check', TABLE = 'ledger_accounts';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_kind_check" BEFORE INSERT OR UPDATE OF "user_id", "purpose", "shard"
  ON "ledger_accounts" FOR EACH ROW EXECUTE FUNCTION "ledger_accounts_kind_check"();
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_shard_check";
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_purpose_check";
