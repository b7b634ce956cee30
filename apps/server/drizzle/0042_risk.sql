CREATE TABLE "loss_limits" (
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 8),
	"next_amount" numeric(38, 8),
	"next_from" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loss_limits_user_id_currency_pk" PRIMARY KEY("user_id","currency")
);
--> statement-breakpoint
CREATE TABLE "margin_call_states" (
	"order_id" uuid NOT NULL,
	"level" text NOT NULL,
	"warned" integer NOT NULL,
	"descents" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "margin_call_states_order_id_level_pk" PRIMARY KEY("order_id","level"),
	CONSTRAINT "margin_call_states_warned_check" CHECK ("margin_call_states"."warned" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "risk_acknowledgements" (
	"user_id" uuid NOT NULL,
	"product" text NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL,
	"lost_share" text,
	"period_to" timestamp with time zone NOT NULL,
	CONSTRAINT "risk_acknowledgements_user_id_product_pk" PRIMARY KEY("user_id","product")
);
--> statement-breakpoint
CREATE TABLE "risk_statistics" (
	"product" text NOT NULL,
	"kind" text NOT NULL,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"accounts" integer NOT NULL,
	"lost" integer NOT NULL,
	"lost_share" text,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "risk_statistics_product_kind_period_to_pk" PRIMARY KEY("product","kind","period_to"),
	CONSTRAINT "risk_statistics_kind_check" CHECK ("risk_statistics"."kind" in ('quarterly', 'daily')),
	CONSTRAINT "risk_statistics_counts_check" CHECK ("risk_statistics"."lost" >= 0 and "risk_statistics"."lost" <= "risk_statistics"."accounts")
);
--> statement-breakpoint
CREATE TABLE "trading_locks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loss_limits" ADD CONSTRAINT "loss_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_call_states" ADD CONSTRAINT "margin_call_states_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_acknowledgements" ADD CONSTRAINT "risk_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_locks" ADD CONSTRAINT "trading_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;