CREATE TABLE "portfolio_days" (
	"day" date PRIMARY KEY NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"rates" jsonb NOT NULL,
	"marked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_marks" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"equity" numeric(38, 8) NOT NULL,
	CONSTRAINT "portfolio_marks_user_id_day_currency_pk" PRIMARY KEY("user_id","day","currency")
);
--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "protection" numeric(38, 8);--> statement-breakpoint
ALTER TABLE "portfolio_marks" ADD CONSTRAINT "portfolio_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_marks" ADD CONSTRAINT "portfolio_marks_day_portfolio_days_day_fk" FOREIGN KEY ("day") REFERENCES "public"."portfolio_days"("day") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Positions closed before the column: what negative balance protection paid in at their close, from their
-- own postings (the user's side of the entry `negativeBalanceProtection` under the order's reference).
UPDATE "trade_orders" o SET "protection" = coalesce((
  SELECT sum(p."amount") FROM "postings" p JOIN "journal_entries" e ON e."id" = p."entry_id"
  WHERE e."reference" = 'trade:' || o."id"::text AND p."entry_type" = 'negativeBalanceProtection'
    AND p."user_id" = o."user_id"
), 0)
WHERE o."state" = 'closed';
