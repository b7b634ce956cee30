ALTER TABLE "bank_cards" ALTER COLUMN "ifsc" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "bank_card_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD COLUMN "country" text DEFAULT 'IN' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD COLUMN "swift" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "wallet_address_id" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "fee" numeric(38, 8) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "withdrawals_wallet_pending_idx" ON "withdrawals" USING btree ("wallet_address_id") WHERE "withdrawals"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_bank_code_check" CHECK (("bank_cards"."country" = 'IN' and "bank_cards"."ifsc" is not null and "bank_cards"."swift" is null) or ("bank_cards"."country" <> 'IN' and "bank_cards"."swift" is not null and "bank_cards"."ifsc" is null));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_destination_check" CHECK (("withdrawals"."bank_card_id" is null) <> ("withdrawals"."wallet_address_id" is null));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_fee_check" CHECK ("withdrawals"."fee" >= 0 and "withdrawals"."fee" < "withdrawals"."amount");