ALTER TABLE "ipo_subscriptions" DROP CONSTRAINT "ipo_subscriptions_paid_check";--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" DROP CONSTRAINT "ipo_subscriptions_payment_check";--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" DROP CONSTRAINT "ipo_subscriptions_refund_check";--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD COLUMN "held_amount" numeric(38, 8) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD COLUMN "released_amount" numeric(38, 8) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD COLUMN "hold_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_hold_entry_id_journal_entries_id_fk" FOREIGN KEY ("hold_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Subscriptions made before blocking held only a winner's payment, and a cancellation refunded it.
UPDATE "ipo_subscriptions" SET "held_amount" = "payment_amount" WHERE "payment_entry_id" IS NOT NULL;--> statement-breakpoint
UPDATE "ipo_subscriptions" SET "released_amount" = "payment_amount" WHERE "refund_entry_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_held_check" CHECK ("ipo_subscriptions"."released_amount" >= 0 and "ipo_subscriptions"."held_amount" >= "ipo_subscriptions"."released_amount");--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_released_check" CHECK ("ipo_subscriptions"."state" not in ('notWon', 'waived', 'failed') or "ipo_subscriptions"."released_amount" = "ipo_subscriptions"."held_amount");--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_paid_held_check" CHECK ("ipo_subscriptions"."state" not in ('paid', 'listed') or "ipo_subscriptions"."held_amount" - "ipo_subscriptions"."released_amount" = "ipo_subscriptions"."payment_amount");--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_paid_check" CHECK (("ipo_subscriptions"."paid_at" is null) = ("ipo_subscriptions"."payment_amount" is null));--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_payment_check" CHECK ("ipo_subscriptions"."state" not in ('paid', 'listed') or "ipo_subscriptions"."paid_at" is not null);--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_refund_check" CHECK ("ipo_subscriptions"."refund_entry_id" is null or "ipo_subscriptions"."released_amount" > 0);