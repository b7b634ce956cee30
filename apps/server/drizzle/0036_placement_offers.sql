CREATE TABLE "placement_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "placement_offers_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"symbol" text NOT NULL,
	"exchange" text NOT NULL,
	"market" text NOT NULL,
	"currency" text NOT NULL,
	"price" numeric(38, 10) NOT NULL,
	"min_amount" numeric(38, 8) NOT NULL,
	"max_amount" numeric(38, 8),
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"eligibility" text NOT NULL,
	"lock_days" integer NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "placement_offers_kind_check" CHECK ("placement_offers"."kind" in ('placement', 'capitalIncrease')),
	CONSTRAINT "placement_offers_eligibility_check" CHECK ("placement_offers"."eligibility" in ('verified', 'holders')),
	CONSTRAINT "placement_offers_state_check" CHECK ("placement_offers"."state" in ('active', 'withdrawn')),
	CONSTRAINT "placement_offers_price_check" CHECK ("placement_offers"."price" > 0),
	CONSTRAINT "placement_offers_amount_check" CHECK ("placement_offers"."min_amount" > 0 and ("placement_offers"."max_amount" is null or "placement_offers"."max_amount" >= "placement_offers"."min_amount")),
	CONSTRAINT "placement_offers_window_check" CHECK ("placement_offers"."closes_at" > "placement_offers"."opens_at"),
	CONSTRAINT "placement_offers_lock_check" CHECK ("placement_offers"."lock_days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "trade_orders" DROP CONSTRAINT "trade_orders_kind_check";--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "placement_offer_id" uuid;--> statement-breakpoint
ALTER TABLE "placement_offers" ADD CONSTRAINT "placement_offers_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "placement_offers_open_idx" ON "placement_offers" USING btree ("closes_at") WHERE "placement_offers"."state" = 'active';--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_placement_offer_id_placement_offers_id_fk" FOREIGN KEY ("placement_offer_id") REFERENCES "public"."placement_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_orders_placement_offer_idx" ON "trade_orders" USING btree ("placement_offer_id") WHERE "trade_orders"."placement_offer_id" is not null;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_placement_offer_check" CHECK (("trade_orders"."kind" = 'placement') = ("trade_orders"."placement_offer_id" is not null));--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_kind_check" CHECK ("trade_orders"."kind" in ('normal', 'blockTrade', 'dayTrade', 'ipo', 'placement'));