CREATE TABLE "ipo_offerings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ipo_offerings_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"symbol" text NOT NULL,
	"exchange" text NOT NULL,
	"market" text NOT NULL,
	"currency" text NOT NULL,
	"price" numeric(38, 10) NOT NULL,
	"total_shares" bigint NOT NULL,
	"min_quantity" bigint NOT NULL,
	"max_quantity" bigint,
	"subscription_limit" integer NOT NULL,
	"lead_broker" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"payment_due_at" timestamp with time zone NOT NULL,
	"listing_at" timestamp with time zone NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"win_rate" numeric(5, 2),
	"drawn_at" timestamp with time zone,
	"listed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ipo_offerings_state_check" CHECK ("ipo_offerings"."state" in ('active', 'drawn', 'listed', 'cancelled')),
	CONSTRAINT "ipo_offerings_price_check" CHECK ("ipo_offerings"."price" > 0),
	CONSTRAINT "ipo_offerings_quantity_check" CHECK ("ipo_offerings"."total_shares" > 0 and "ipo_offerings"."min_quantity" > 0 and "ipo_offerings"."min_quantity" <= "ipo_offerings"."total_shares" and ("ipo_offerings"."max_quantity" is null or "ipo_offerings"."max_quantity" >= "ipo_offerings"."min_quantity")),
	CONSTRAINT "ipo_offerings_limit_check" CHECK ("ipo_offerings"."subscription_limit" >= 1),
	CONSTRAINT "ipo_offerings_dates_check" CHECK ("ipo_offerings"."opens_at" < "ipo_offerings"."closes_at" and "ipo_offerings"."closes_at" <= "ipo_offerings"."draw_at" and "ipo_offerings"."draw_at" <= "ipo_offerings"."payment_due_at" and "ipo_offerings"."payment_due_at" <= "ipo_offerings"."listing_at"),
	CONSTRAINT "ipo_offerings_seed_check" CHECK (length("ipo_offerings"."seed") = 64 and length("ipo_offerings"."seed_hash") = 64),
	CONSTRAINT "ipo_offerings_drawn_check" CHECK (("ipo_offerings"."drawn_at" is null) = ("ipo_offerings"."win_rate" is null)),
	CONSTRAINT "ipo_offerings_drawn_state_check" CHECK ("ipo_offerings"."state" not in ('drawn', 'listed') or "ipo_offerings"."drawn_at" is not null),
	CONSTRAINT "ipo_offerings_active_check" CHECK ("ipo_offerings"."state" <> 'active' or "ipo_offerings"."drawn_at" is null),
	CONSTRAINT "ipo_offerings_listed_check" CHECK (("ipo_offerings"."state" = 'listed') = ("ipo_offerings"."listed_at" is not null)),
	CONSTRAINT "ipo_offerings_cancelled_check" CHECK (("ipo_offerings"."state" = 'cancelled') = ("ipo_offerings"."cancelled_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "ipo_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ipo_subscriptions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subscription_no" text GENERATED ALWAYS AS ('S' || lpad(seq::text, greatest(10, length(seq::text)), '0')) STORED NOT NULL,
	"offering_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"quantity" bigint NOT NULL,
	"allotted" bigint DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'applied' NOT NULL,
	"draw_key" text,
	"order_id" uuid,
	"payment_amount" numeric(38, 8),
	"payment_entry_id" bigint,
	"refund_entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"drawn_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"listed_at" timestamp with time zone,
	CONSTRAINT "ipo_subscriptions_subscription_no_unique" UNIQUE("subscription_no"),
	CONSTRAINT "ipo_subscriptions_state_check" CHECK ("ipo_subscriptions"."state" in ('applied', 'notWon', 'awaitingPayment', 'paid', 'listed', 'waived', 'failed')),
	CONSTRAINT "ipo_subscriptions_quantity_check" CHECK ("ipo_subscriptions"."quantity" > 0),
	CONSTRAINT "ipo_subscriptions_allotted_check" CHECK ("ipo_subscriptions"."allotted" = 0 or "ipo_subscriptions"."allotted" = "ipo_subscriptions"."quantity"),
	CONSTRAINT "ipo_subscriptions_won_check" CHECK ("ipo_subscriptions"."state" not in ('awaitingPayment', 'paid', 'listed', 'waived') or "ipo_subscriptions"."allotted" > 0),
	CONSTRAINT "ipo_subscriptions_not_won_check" CHECK ("ipo_subscriptions"."state" not in ('applied', 'notWon') or "ipo_subscriptions"."allotted" = 0),
	CONSTRAINT "ipo_subscriptions_draw_key_check" CHECK (("ipo_subscriptions"."draw_key" is null) = ("ipo_subscriptions"."drawn_at" is null)),
	CONSTRAINT "ipo_subscriptions_drawn_check" CHECK ("ipo_subscriptions"."state" not in ('notWon', 'awaitingPayment', 'paid', 'listed', 'waived') or "ipo_subscriptions"."draw_key" is not null),
	CONSTRAINT "ipo_subscriptions_applied_check" CHECK ("ipo_subscriptions"."state" <> 'applied' or "ipo_subscriptions"."draw_key" is null),
	CONSTRAINT "ipo_subscriptions_paid_check" CHECK (("ipo_subscriptions"."payment_entry_id" is null) = ("ipo_subscriptions"."paid_at" is null) and ("ipo_subscriptions"."payment_entry_id" is null) = ("ipo_subscriptions"."payment_amount" is null)),
	CONSTRAINT "ipo_subscriptions_payment_check" CHECK ("ipo_subscriptions"."state" not in ('paid', 'listed') or "ipo_subscriptions"."payment_entry_id" is not null),
	CONSTRAINT "ipo_subscriptions_refund_check" CHECK (("ipo_subscriptions"."refund_entry_id" is not null) = ("ipo_subscriptions"."payment_entry_id" is not null and "ipo_subscriptions"."state" = 'failed')),
	CONSTRAINT "ipo_subscriptions_listed_check" CHECK (("ipo_subscriptions"."state" = 'listed') = ("ipo_subscriptions"."order_id" is not null and "ipo_subscriptions"."listed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "trade_orders" DROP CONSTRAINT "trade_orders_kind_check";--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD CONSTRAINT "ipo_offerings_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_offering_id_ipo_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."ipo_offerings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_payment_entry_id_journal_entries_id_fk" FOREIGN KEY ("payment_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_refund_entry_id_journal_entries_id_fk" FOREIGN KEY ("refund_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ipo_offerings_seq_idx" ON "ipo_offerings" USING btree ("seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ipo_subscriptions_user_idx" ON "ipo_subscriptions" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "ipo_subscriptions_offering_idx" ON "ipo_subscriptions" USING btree ("offering_id","seq");--> statement-breakpoint
CREATE INDEX "ipo_subscriptions_offering_state_idx" ON "ipo_subscriptions" USING btree ("offering_id","state");--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_kind_check" CHECK ("trade_orders"."kind" in ('normal', 'blockTrade', 'dayTrade', 'ipo'));