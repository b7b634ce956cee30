ALTER TABLE "ipo_offerings" ALTER COLUMN "lot_size" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ALTER COLUMN "allotted" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD COLUMN "provisional_price" numeric(38, 10);--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD COLUMN "price_final_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD COLUMN "final_price" numeric(38, 10);--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD COLUMN "price_fixed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD CONSTRAINT "ipo_offerings_provisional_check" CHECK (("ipo_offerings"."provisional_price" is null) = ("ipo_offerings"."price_final_at" is null) and ("ipo_offerings"."provisional_price" is null or ("ipo_offerings"."provisional_price" > 0 and "ipo_offerings"."price_final_at" <= "ipo_offerings"."closes_at")));--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD CONSTRAINT "ipo_offerings_final_price_check" CHECK (("ipo_offerings"."final_price" is null or ("ipo_offerings"."final_price" > 0 and "ipo_offerings"."provisional_price" is not null)) and ("ipo_offerings"."price_fixed_at" is null or "ipo_offerings"."provisional_price" is not null));--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD CONSTRAINT "ipo_offerings_price_fixed_check" CHECK ("ipo_offerings"."provisional_price" is null or "ipo_offerings"."price_fixed_at" is not null or ("ipo_offerings"."applications_root" is null and "ipo_offerings"."drawn_at" is null));