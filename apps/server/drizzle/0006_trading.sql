CREATE TABLE "trade_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "trade_orders_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text GENERATED ALWAYS AS ('T' || lpad(seq::text, greatest(10, length(seq::text)), '0')) STORED NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text DEFAULT 'normal' NOT NULL,
	"symbol" text NOT NULL,
	"exchange" text NOT NULL,
	"market" text NOT NULL,
	"currency" text NOT NULL,
	"direction" text NOT NULL,
	"price_type" text NOT NULL,
	"state" text NOT NULL,
	"quantity" bigint NOT NULL,
	"leverage" integer NOT NULL,
	"limit_price" numeric(38, 10),
	"stop_loss" numeric(38, 10),
	"take_profit" numeric(38, 10),
	"margin" numeric(38, 8) NOT NULL,
	"open_fee" numeric(38, 8) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"open_price" numeric(38, 10),
	"locked_until" timestamp with time zone,
	"close_requested_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"close_price" numeric(38, 10),
	"close_fee" numeric(38, 8),
	"stamp_duty" numeric(38, 8),
	"pnl" numeric(38, 8),
	"close_reason" text,
	"decline_reason" text,
	"expires_at" timestamp with time zone,
	"hold_entry_id" bigint,
	"open_entry_id" bigint,
	"release_entry_id" bigint,
	"close_entry_id" bigint,
	CONSTRAINT "trade_orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "trade_orders_state_check" CHECK ("trade_orders"."state" in ('pending', 'review', 'open', 'closing', 'closed', 'cancelled', 'expired', 'declined')),
	CONSTRAINT "trade_orders_kind_check" CHECK ("trade_orders"."kind" in ('normal', 'blockTrade', 'dayTrade')),
	CONSTRAINT "trade_orders_direction_check" CHECK ("trade_orders"."direction" in ('long', 'short')),
	CONSTRAINT "trade_orders_price_type_check" CHECK ("trade_orders"."price_type" in ('market', 'limit')),
	CONSTRAINT "trade_orders_close_reason_check" CHECK ("trade_orders"."close_reason" in ('user', 'stopLoss', 'takeProfit', 'liquidation', 'dayEnd')),
	CONSTRAINT "trade_orders_quantity_check" CHECK ("trade_orders"."quantity" > 0),
	CONSTRAINT "trade_orders_leverage_check" CHECK ("trade_orders"."leverage" >= 1),
	CONSTRAINT "trade_orders_money_check" CHECK ("trade_orders"."margin" >= 0 and "trade_orders"."open_fee" >= 0),
	CONSTRAINT "trade_orders_limit_check" CHECK (("trade_orders"."price_type" = 'limit') = ("trade_orders"."limit_price" is not null)),
	CONSTRAINT "trade_orders_opened_check" CHECK ("trade_orders"."state" not in ('open', 'closing', 'closed') or ("trade_orders"."open_price" is not null and "trade_orders"."opened_at" is not null)),
	CONSTRAINT "trade_orders_closed_check" CHECK ("trade_orders"."state" <> 'closed' or ("trade_orders"."close_price" is not null and "trade_orders"."closed_at" is not null and "trade_orders"."pnl" is not null))
);
--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_hold_entry_id_journal_entries_id_fk" FOREIGN KEY ("hold_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_open_entry_id_journal_entries_id_fk" FOREIGN KEY ("open_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_release_entry_id_journal_entries_id_fk" FOREIGN KEY ("release_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_close_entry_id_journal_entries_id_fk" FOREIGN KEY ("close_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_orders_user_purchase_idx" ON "trade_orders" USING btree ("user_id","seq") WHERE "trade_orders"."state" in ('pending', 'review');--> statement-breakpoint
CREATE INDEX "trade_orders_user_position_idx" ON "trade_orders" USING btree ("user_id","seq") WHERE "trade_orders"."state" in ('open', 'closing');--> statement-breakpoint
CREATE INDEX "trade_orders_user_finished_idx" ON "trade_orders" USING btree ("user_id","seq") WHERE "trade_orders"."state" in ('closed', 'cancelled', 'expired', 'declined');--> statement-breakpoint
CREATE INDEX "trade_orders_live_idx" ON "trade_orders" USING btree ("symbol","state") WHERE "trade_orders"."state" in ('pending', 'open', 'closing');