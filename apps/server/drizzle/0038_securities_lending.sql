CREATE TABLE "lending_rebates" (
	"loan_id" uuid NOT NULL,
	"day" date NOT NULL,
	"price" numeric(38, 10) NOT NULL,
	"value" numeric(38, 8) NOT NULL,
	"accrued" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"entry_id" bigint,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lending_rebates_loan_id_day_pk" PRIMARY KEY("loan_id","day"),
	CONSTRAINT "lending_rebates_amount_check" CHECK ("lending_rebates"."amount" >= 0 and "lending_rebates"."accrued" >= 0),
	CONSTRAINT "lending_rebates_entry_check" CHECK (("lending_rebates"."amount" > 0) = ("lending_rebates"."entry_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "securities_loans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "securities_loans_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"exchange" text NOT NULL,
	"currency" text NOT NULL,
	"quantity" numeric(28, 8) NOT NULL,
	"days" integer NOT NULL,
	"price" numeric(38, 10) NOT NULL,
	"value" numeric(38, 8) NOT NULL,
	"gross_rate" numeric(38, 18) NOT NULL,
	"broker_share" numeric(38, 18) NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"recalled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "securities_loans_state_check" CHECK ("securities_loans"."state" in ('pending', 'rejected', 'inProgress', 'completed')),
	CONSTRAINT "securities_loans_quantity_check" CHECK ("securities_loans"."quantity" > 0 and "securities_loans"."quantity" = trunc("securities_loans"."quantity")),
	CONSTRAINT "securities_loans_days_check" CHECK ("securities_loans"."days" > 0),
	CONSTRAINT "securities_loans_value_check" CHECK ("securities_loans"."price" > 0 and "securities_loans"."value" > 0),
	CONSTRAINT "securities_loans_rate_check" CHECK ("securities_loans"."rate" >= 0 and "securities_loans"."gross_rate" >= "securities_loans"."rate"),
	CONSTRAINT "securities_loans_started_check" CHECK (("securities_loans"."state" in ('inProgress', 'completed')) = ("securities_loans"."started_at" is not null)),
	CONSTRAINT "securities_loans_ends_check" CHECK (("securities_loans"."state" in ('inProgress', 'completed')) = ("securities_loans"."ends_at" is not null)),
	CONSTRAINT "securities_loans_completed_check" CHECK (("securities_loans"."state" = 'completed') = ("securities_loans"."completed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "lending_rebates" ADD CONSTRAINT "lending_rebates_loan_id_securities_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."securities_loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lending_rebates" ADD CONSTRAINT "lending_rebates_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "securities_loans" ADD CONSTRAINT "securities_loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "securities_loans" ADD CONSTRAINT "securities_loans_position_id_trade_orders_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."trade_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "securities_loans_one_open" ON "securities_loans" USING btree ("position_id") WHERE "securities_loans"."state" in ('pending', 'inProgress');--> statement-breakpoint
CREATE INDEX "securities_loans_user_idx" ON "securities_loans" USING btree ("user_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "securities_loans_due_idx" ON "securities_loans" USING btree ("ends_at") WHERE "securities_loans"."state" = 'inProgress';