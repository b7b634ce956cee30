ALTER TABLE "trade_orders" ADD COLUMN "open_charges" text;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "close_charges" text;