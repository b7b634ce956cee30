CREATE TABLE "block_trade_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "block_trade_offers_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"symbol" text NOT NULL,
	"exchange" text NOT NULL,
	"market" text NOT NULL,
	"currency" text NOT NULL,
	"price" numeric(38, 10) NOT NULL,
	"min_quantity" bigint NOT NULL,
	"max_quantity" bigint,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"lock_days" integer NOT NULL,
	"secret_key_hash" text,
	"state" text DEFAULT 'active' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "block_trade_offers_state_check" CHECK ("block_trade_offers"."state" in ('active', 'withdrawn')),
	CONSTRAINT "block_trade_offers_price_check" CHECK ("block_trade_offers"."price" > 0),
	CONSTRAINT "block_trade_offers_quantity_check" CHECK ("block_trade_offers"."min_quantity" > 0 and ("block_trade_offers"."max_quantity" is null or "block_trade_offers"."max_quantity" >= "block_trade_offers"."min_quantity")),
	CONSTRAINT "block_trade_offers_window_check" CHECK ("block_trade_offers"."closes_at" > "block_trade_offers"."opens_at"),
	CONSTRAINT "block_trade_offers_lock_check" CHECK ("block_trade_offers"."lock_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "day_trading_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "day_trading_applications_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"hold_entry_id" bigint,
	"release_entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "day_trading_applications_state_check" CHECK ("day_trading_applications"."state" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "day_trading_applications_amount_check" CHECK ("day_trading_applications"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "block_trade_offers" ADD CONSTRAINT "block_trade_offers_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_trading_applications" ADD CONSTRAINT "day_trading_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_trading_applications" ADD CONSTRAINT "day_trading_applications_hold_entry_id_journal_entries_id_fk" FOREIGN KEY ("hold_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_trading_applications" ADD CONSTRAINT "day_trading_applications_release_entry_id_journal_entries_id_fk" FOREIGN KEY ("release_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "block_trade_offers_open_idx" ON "block_trade_offers" USING btree ("closes_at") WHERE "block_trade_offers"."state" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "day_trading_applications_one_pending" ON "day_trading_applications" USING btree ("user_id") WHERE "day_trading_applications"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "day_trading_applications_user_idx" ON "day_trading_applications" USING btree ("user_id","seq");--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_offer_id_block_trade_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."block_trade_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_orders_offer_idx" ON "trade_orders" USING btree ("offer_id") WHERE "trade_orders"."offer_id" is not null;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_offer_check" CHECK (("trade_orders"."kind" = 'blockTrade') = ("trade_orders"."offer_id" is not null));