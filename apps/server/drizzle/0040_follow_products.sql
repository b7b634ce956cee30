CREATE TABLE "follow_holdings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "follow_holdings_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"copy_stop_loss" integer NOT NULL,
	"stop_value" numeric(38, 8) NOT NULL,
	"units" numeric(38, 8),
	"buy_nav" numeric(38, 8),
	"created_at" timestamp with time zone NOT NULL,
	"since" timestamp with time zone,
	"redeem_requested_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"payout_nav" numeric(38, 8),
	"payout" numeric(38, 8),
	"end_reason" text,
	CONSTRAINT "follow_holdings_state_check" CHECK ("follow_holdings"."state" in ('pending', 'active', 'redeeming', 'redeemed', 'stoppedOut', 'paidOut', 'closedOut')),
	CONSTRAINT "follow_holdings_stop_check" CHECK ("follow_holdings"."copy_stop_loss" between 5 and 95),
	CONSTRAINT "follow_holdings_amount_check" CHECK ("follow_holdings"."amount" > 0 and ("follow_holdings"."units" is null or "follow_holdings"."units" >= 0))
);
--> statement-breakpoint
CREATE TABLE "follow_navs" (
	"product_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"nav" numeric(38, 8) NOT NULL,
	"value" numeric(38, 8) NOT NULL,
	"units" numeric(38, 8) NOT NULL,
	"accrued_fees" numeric(38, 8) NOT NULL,
	CONSTRAINT "follow_navs_product_id_at_pk" PRIMARY KEY("product_id","at")
);
--> statement-breakpoint
CREATE TABLE "follow_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "follow_products_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"strategy" text NOT NULL,
	"leader_user_id" uuid NOT NULL,
	"portfolio_user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"min_buy" numeric(38, 8) NOT NULL,
	"max_buy" numeric(38, 8),
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"private" boolean NOT NULL,
	"channel_password_hash" text,
	"early_redeem" boolean NOT NULL,
	"management_fee_rate" numeric(12, 8) NOT NULL,
	"performance_fee_rate" numeric(12, 8) NOT NULL,
	"leader_share" numeric(12, 8) NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"close_reason" text,
	"closed_at" timestamp with time zone,
	"units" numeric(38, 8) DEFAULT '0' NOT NULL,
	"nav" numeric(38, 8) DEFAULT '1' NOT NULL,
	"nav_at" timestamp with time zone,
	"high_water_mark" numeric(38, 8) DEFAULT '1' NOT NULL,
	"accrued_management" numeric(38, 8) DEFAULT '0' NOT NULL,
	"accrued_performance" numeric(38, 8) DEFAULT '0' NOT NULL,
	"leader_paid" numeric(38, 8) DEFAULT '0' NOT NULL,
	"platform_paid" numeric(38, 8) DEFAULT '0' NOT NULL,
	"fees_settled_day" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "follow_products_state_check" CHECK ("follow_products"."state" in ('active', 'closing', 'ended', 'closed')),
	CONSTRAINT "follow_products_buy_check" CHECK ("follow_products"."min_buy" > 0 and ("follow_products"."max_buy" is null or "follow_products"."max_buy" >= "follow_products"."min_buy")),
	CONSTRAINT "follow_products_window_check" CHECK ("follow_products"."closes_at" > "follow_products"."opens_at" and "follow_products"."ends_at" >= "follow_products"."closes_at"),
	CONSTRAINT "follow_products_rates_check" CHECK ("follow_products"."management_fee_rate" between 0 and 1 and "follow_products"."performance_fee_rate" between 0 and 1 and "follow_products"."leader_share" between 0 and 1),
	CONSTRAINT "follow_products_units_check" CHECK ("follow_products"."units" >= 0 and "follow_products"."nav" >= 0),
	CONSTRAINT "follow_products_private_check" CHECK (not "follow_products"."private" or "follow_products"."channel_password_hash" is not null)
);
--> statement-breakpoint
ALTER TABLE "follow_holdings" ADD CONSTRAINT "follow_holdings_product_id_follow_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."follow_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_holdings" ADD CONSTRAINT "follow_holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_navs" ADD CONSTRAINT "follow_navs_product_id_follow_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."follow_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_products" ADD CONSTRAINT "follow_products_leader_user_id_users_id_fk" FOREIGN KEY ("leader_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_products" ADD CONSTRAINT "follow_products_portfolio_user_id_users_id_fk" FOREIGN KEY ("portfolio_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_products" ADD CONSTRAINT "follow_products_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_holdings_user_idx" ON "follow_holdings" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "follow_holdings_product_idx" ON "follow_holdings" USING btree ("product_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "follow_products_portfolio_unique" ON "follow_products" USING btree ("portfolio_user_id");--> statement-breakpoint
CREATE INDEX "follow_products_live_idx" ON "follow_products" USING btree ("seq") WHERE "follow_products"."state" in ('active', 'closing');