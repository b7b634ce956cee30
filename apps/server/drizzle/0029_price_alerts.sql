CREATE TABLE "price_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"exchange" text NOT NULL,
	"condition" text NOT NULL,
	"value" numeric(38, 10) NOT NULL,
	"reference_price" numeric(38, 10) NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"fired_at" timestamp with time zone,
	"fired_price" numeric(38, 10),
	CONSTRAINT "price_alerts_condition_check" CHECK ("price_alerts"."condition" in ('above', 'below', 'movePct')),
	CONSTRAINT "price_alerts_state_check" CHECK ("price_alerts"."state" in ('active', 'fired')),
	CONSTRAINT "price_alerts_fired_check" CHECK (("price_alerts"."state" = 'fired') = ("price_alerts"."fired_at" is not null and "price_alerts"."fired_price" is not null))
);
--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_alerts_user_created_idx" ON "price_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "price_alerts_active_idx" ON "price_alerts" USING btree ("user_id") WHERE "price_alerts"."state" = 'active';