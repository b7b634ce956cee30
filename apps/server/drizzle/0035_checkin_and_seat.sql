CREATE TABLE "checkin_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"streak" integer NOT NULL,
	"check_ins" integer NOT NULL,
	"spent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "checkin_accounts_counts_check" CHECK ("checkin_accounts"."spent" >= 0 and "checkin_accounts"."spent" <= "checkin_accounts"."check_ins"),
	CONSTRAINT "checkin_accounts_streak_check" CHECK ("checkin_accounts"."streak" >= 1)
);
--> statement-breakpoint
CREATE TABLE "checkin_redemptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "checkin_redemptions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"reward_id" text NOT NULL,
	"check_ins" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "checkin_redemptions_amount_check" CHECK ("checkin_redemptions"."amount" > 0),
	CONSTRAINT "checkin_redemptions_check_ins_check" CHECK ("checkin_redemptions"."check_ins" >= 1)
);
--> statement-breakpoint
CREATE TABLE "checkins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "checkins_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"day" text NOT NULL,
	"time_zone" text NOT NULL,
	"streak" integer NOT NULL,
	"entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seat_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "seat_applications_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"state" text DEFAULT 'review' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "seat_applications_state_check" CHECK ("seat_applications"."state" in ('review', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "checkin_accounts" ADD CONSTRAINT "checkin_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_redemptions" ADD CONSTRAINT "checkin_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_redemptions" ADD CONSTRAINT "checkin_redemptions_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_applications" ADD CONSTRAINT "seat_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkin_redemptions_user_idx" ON "checkin_redemptions" USING btree ("user_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "checkins_user_day" ON "checkins" USING btree ("user_id","day","time_zone");--> statement-breakpoint
CREATE INDEX "checkins_user_idx" ON "checkins" USING btree ("user_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "seat_applications_one_open" ON "seat_applications" USING btree ("user_id") WHERE "seat_applications"."state" in ('review', 'approved');--> statement-breakpoint
CREATE INDEX "seat_applications_user_idx" ON "seat_applications" USING btree ("user_id","seq");