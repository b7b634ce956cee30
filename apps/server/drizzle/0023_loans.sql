CREATE TABLE "loans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "loans_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"interest" numeric(38, 8) NOT NULL,
	"daily_rate" numeric(38, 18) NOT NULL,
	"term_days" integer NOT NULL,
	"repaid" numeric(38, 8) DEFAULT '0' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"loan_entry_id" bigint,
	CONSTRAINT "loans_state_check" CHECK ("loans"."state" in ('pending', 'rejected', 'borrowing', 'finished')),
	CONSTRAINT "loans_amount_check" CHECK ("loans"."amount" > 0),
	CONSTRAINT "loans_interest_check" CHECK ("loans"."interest" >= 0),
	CONSTRAINT "loans_terms_check" CHECK ("loans"."daily_rate" >= 0 and "loans"."term_days" > 0),
	CONSTRAINT "loans_repaid_check" CHECK ("loans"."repaid" >= 0 and "loans"."repaid" <= "loans"."amount" + "loans"."interest"),
	CONSTRAINT "loans_decided_check" CHECK (("loans"."state" = 'pending') = ("loans"."decided_at" is null)),
	CONSTRAINT "loans_paid_out_check" CHECK (("loans"."state" in ('borrowing', 'finished')) = ("loans"."loan_entry_id" is not null)),
	CONSTRAINT "loans_due_check" CHECK (("loans"."state" in ('borrowing', 'finished')) = ("loans"."due_at" is not null)),
	CONSTRAINT "loans_unpaid_check" CHECK ("loans"."state" in ('borrowing', 'finished') or "loans"."repaid" = 0),
	CONSTRAINT "loans_finished_check" CHECK (("loans"."state" = 'finished') = ("loans"."finished_at" is not null)),
	CONSTRAINT "loans_settled_check" CHECK (("loans"."state" = 'finished') = ("loans"."repaid" = "loans"."amount" + "loans"."interest"))
);
--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_loan_entry_id_journal_entries_id_fk" FOREIGN KEY ("loan_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_open" ON "loans" USING btree ("user_id") WHERE "loans"."state" in ('pending', 'borrowing');--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","seq" DESC NULLS LAST);