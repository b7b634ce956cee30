CREATE TABLE "news_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "news_articles_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"category" text NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"symbol" text,
	"state" text DEFAULT 'published' NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "news_articles_category_check" CHECK ("news_articles"."category" in ('hot', 'stock')),
	CONSTRAINT "news_articles_state_check" CHECK ("news_articles"."state" in ('published', 'withdrawn')),
	CONSTRAINT "news_articles_symbol_check" CHECK (("news_articles"."category" = 'stock') = ("news_articles"."symbol" is not null))
);
--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_articles_list_idx" ON "news_articles" USING btree ("lang","category","seq" DESC NULLS LAST) WHERE "news_articles"."state" = 'published';--> statement-breakpoint
CREATE INDEX "news_articles_seq_idx" ON "news_articles" USING btree ("seq" DESC NULLS LAST);