CREATE TABLE "adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "adjustments_state_check" CHECK ("adjustments"."state" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "adjustments_amount_check" CHECK ("adjustments"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "deposit_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"details" jsonb NOT NULL,
	"limits" jsonb NOT NULL,
	"voucher_required" boolean DEFAULT true NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deposit_channels_kind_check" CHECK ("deposit_channels"."kind" in ('bank', 'crypto', 'otc'))
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "deposits_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"voucher" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "deposits_seq_unique" UNIQUE("seq"),
	CONSTRAINT "deposits_state_check" CHECK ("deposits"."state" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "deposits_amount_check" CHECK ("deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "exchange_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"rate" numeric(38, 12) NOT NULL,
	"spread" numeric(38, 12) NOT NULL,
	"fee" numeric(38, 8) NOT NULL,
	"receive" numeric(38, 8) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"owner" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_owner_key_pk" PRIMARY KEY("owner","key")
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "journal_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"user_id" uuid,
	"reference" text,
	"idempotency_key" text,
	"caused_by" text NOT NULL,
	"staff_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "journal_entries_caused_by_check" CHECK ("journal_entries"."caused_by" in ('user', 'staff', 'system'))
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid,
	"purpose" text NOT NULL,
	"currency" text NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"balance" numeric(38, 8) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner_purpose_currency_shard" UNIQUE NULLS NOT DISTINCT("user_id","purpose","currency","shard"),
	CONSTRAINT "ledger_accounts_user_balance_check" CHECK ("ledger_accounts"."user_id" is null or "ledger_accounts"."balance" >= 0),
	CONSTRAINT "ledger_accounts_shard_check" CHECK ("ledger_accounts"."shard" >= 0 and ("ledger_accounts"."user_id" is null or "ledger_accounts"."shard" = 0)),
	CONSTRAINT "ledger_accounts_purpose_check" CHECK (("ledger_accounts"."user_id" is not null and "ledger_accounts"."purpose" in ('available', 'held', 'margin', 'loan'))
        or ("ledger_accounts"."user_id" is null and "ledger_accounts"."purpose" in ('cash_in', 'cash_out', 'fees', 'taxes', 'fx', 'pnl', 'loans', 'rebates', 'adjustments')))
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"user_id" uuid,
	"purpose" text NOT NULL,
	"currency" text NOT NULL,
	"entry_type" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"balance_after" numeric(38, 8) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "postings_amount_check" CHECK ("postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"bank_card_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"hold_entry_id" bigint NOT NULL,
	"settle_entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "withdrawals_state_check" CHECK ("withdrawals"."state" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_requested_by_admin_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_channel_id_deposit_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."deposit_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_quotes" ADD CONSTRAINT "exchange_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_quotes" ADD CONSTRAINT "exchange_quotes_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_staff_id_admin_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_updated_by_admin_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_hold_entry_id_journal_entries_id_fk" FOREIGN KEY ("hold_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_settle_entry_id_journal_entries_id_fk" FOREIGN KEY ("settle_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjustments_user_idx" ON "adjustments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_user_seq_idx" ON "deposits" USING btree ("user_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_one_pending" ON "deposits" USING btree ("user_id") WHERE "deposits"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "exchange_quotes_user_idx" ON "exchange_quotes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "journal_entries_user_idx" ON "journal_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "journal_entries_reference_idx" ON "journal_entries" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "postings_user_idx" ON "postings" USING btree ("user_id","id") WHERE "postings"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "postings_account_idx" ON "postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "postings_entry_idx" ON "postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_seq_idx" ON "withdrawals" USING btree ("user_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_one_pending" ON "withdrawals" USING btree ("user_id") WHERE "withdrawals"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "withdrawals_card_pending_idx" ON "withdrawals" USING btree ("bank_card_id") WHERE "withdrawals"."state" = 'pending';--> statement-breakpoint
-- The ledger is append-only (DESIGN §5): nothing booked is ever edited or removed, whatever reaches the
-- database. Holds are settled by new entries, never by changing old ones.
CREATE TRIGGER "journal_entries_append_only" BEFORE UPDATE OR DELETE ON "journal_entries"
  FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();--> statement-breakpoint
CREATE TRIGGER "postings_append_only" BEFORE UPDATE OR DELETE ON "postings"
  FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();--> statement-breakpoint
-- TRUNCATE skips row triggers; refuse it too.
CREATE TRIGGER "journal_entries_no_truncate" BEFORE TRUNCATE ON "journal_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_append_only_change"();--> statement-breakpoint
CREATE TRIGGER "postings_no_truncate" BEFORE TRUNCATE ON "postings"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_append_only_change"();
--> statement-breakpoint
-- A fresh install works out of the box (issue: one demo bank channel for USD, THB and INR, labelled as
-- demo in the app). Operators edit or disable it in the back office (`channels/save`).
INSERT INTO "deposit_channels" ("kind", "name", "details", "limits", "voucher_required", "demo", "enabled", "sort", "created_at", "updated_at")
VALUES (
  'bank',
  'Demo bank transfer',
  '{"accountName": "Brokerage Demo Ltd", "accountNumber": "000123456789", "bankName": "Demo Bank"}',
  '{"USD": {"min": "10", "max": "100000"}, "THB": {"min": "300", "max": "3000000"}, "INR": {"min": "500", "max": "5000000"}}',
  true, true, true, 0, now(), now()
);
--> statement-breakpoint
-- Books one ledger entry in one call (apps/server/src/modules/ledger/repository.ts `bookEntry`, DESIGN §5):
-- the entry's lines are the arrays' elements, one per account by natural key (user or NULL, purpose,
-- currency, shard). In a function so that its statements are planned once per connection and the whole
-- booking is one round trip; its statements run one after the other, each with a fresh snapshot:
--   1. lock the accounts in the one fixed order (users' by id, then the platform's by purpose, currency
--      and shard; with p_defer_platform only the users': the caller settles the platform's side at the end
--      of its transaction), so concurrent entries cannot deadlock;
--   2. read, through a snapshot taken once they are locked, whether every account exists and every user's
--      balance would stay at zero or above: if not, answer 'missing' or 'insufficient' and change nothing;
--   3. write the entry, move the balances and write the postings with their running balances.
-- Answers one row per moved line (outcome 'booked', the line's 1-based ordinal, its balance after, the
-- entry's id), or one row with the refusal's outcome. Anything inconsistent raises, rolling back.
CREATE FUNCTION "ledger_book"(
  p_user_ids uuid[], p_purposes text[], p_currencies text[], p_shards smallint[], p_amounts numeric[],
  p_defer_platform boolean, p_type text, p_entry_user uuid, p_reference text, p_idempotency_key text,
  p_caused_by text, p_staff uuid, p_reason text, p_at timestamptz
) RETURNS TABLE (outcome text, ord int, balance numeric, entry_id bigint)
LANGUAGE plpgsql AS $$
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
$$;
--> statement-breakpoint
-- Settles the platform's side of an idempotent call's entries and stores its answer, right before its
-- COMMIT (apps/server/src/modules/ledger/keys.ts `settleSql`): each platform account (by purpose, currency
-- and shard, given in the one fixed order) moves once by the sum of its lines, locked in that order; then
-- every line's posting is written with its running balance, in booking order; then the answer is stored
-- with the claimed key. Raises (so the COMMIT after it never runs) unless every account, posting and
-- answer was written.
CREATE FUNCTION "ledger_settle"(
  p_purposes text[], p_currencies text[], p_shards smallint[], p_deltas numeric[],
  p_line_accounts int[], p_line_entries bigint[], p_line_types text[], p_line_amounts numeric[],
  p_line_times timestamptz[], p_owner text, p_key text, p_response jsonb
) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_ids bigint[] := '{}';
  v_balances numeric[] := '{}';
  v_id bigint;
  v_balance numeric;
  v_posted int;
  v_stored int;
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

  UPDATE idempotency_keys SET response = p_response WHERE owner = p_owner AND key = p_key;
  GET DIAGNOSTICS v_stored = ROW_COUNT;
  IF v_posted <> cardinality(p_line_amounts) OR v_stored <> 1 THEN
    RAISE EXCEPTION 'ledger settlement inconsistent: % postings of %, % answers', v_posted, cardinality(p_line_amounts), v_stored;
  END IF;
END
$$;
