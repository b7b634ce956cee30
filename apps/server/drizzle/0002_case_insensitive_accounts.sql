ALTER TABLE "users" DROP CONSTRAINT "users_account_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "users_account_lower_unique" ON "users" USING btree (lower("account"));