CREATE TABLE "ipo_beacon_rounds" (
	"provider" text NOT NULL,
	"round" bigint NOT NULL,
	"randomness" text NOT NULL,
	"signature" text,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ipo_beacon_rounds_provider_round_pk" PRIMARY KEY("provider","round"),
	CONSTRAINT "ipo_beacon_rounds_randomness_check" CHECK ("ipo_beacon_rounds"."randomness" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" DROP CONSTRAINT "ipo_subscriptions_allotted_check";--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD COLUMN "allocation_rule" text DEFAULT 'proRata' NOT NULL;--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD COLUMN "lot_size" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD COLUMN "beacon_provider" text;--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD COLUMN "beacon_round" bigint;--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD COLUMN "applications_root" text;--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD COLUMN "applications_count" integer;--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD COLUMN "root_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD COLUMN "randomness" text;--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD COLUMN "draw_digest" text;--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD CONSTRAINT "ipo_offerings_rule_check" CHECK ("ipo_offerings"."allocation_rule" in ('lottery', 'equalThenProRata', 'proRata') and "ipo_offerings"."lot_size" > 0 and "ipo_offerings"."lot_size" <= "ipo_offerings"."min_quantity");--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD CONSTRAINT "ipo_offerings_root_check" CHECK (("ipo_offerings"."applications_root" is null) = ("ipo_offerings"."root_published_at" is null) and ("ipo_offerings"."applications_root" is null) = ("ipo_offerings"."applications_count" is null));--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD CONSTRAINT "ipo_offerings_randomness_check" CHECK (("ipo_offerings"."randomness" is null) = ("ipo_offerings"."draw_digest" is null));--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_allotted_range_check" CHECK ("ipo_subscriptions"."allotted" >= 0 and "ipo_subscriptions"."allotted" <= "ipo_subscriptions"."quantity");