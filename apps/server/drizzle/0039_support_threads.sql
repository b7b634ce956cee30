CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "support_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"thread_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"author" text NOT NULL,
	"kind" text NOT NULL,
	"staff_id" uuid,
	"text" text DEFAULT '' NOT NULL,
	"image" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_messages_author_check" CHECK ("support_messages"."author" in ('user', 'staff', 'system')),
	CONSTRAINT "support_messages_staff_check" CHECK (("support_messages"."author" = 'staff') = ("support_messages"."staff_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "support_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "support_threads_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"assigned_to" uuid,
	"user_read_seq" bigint DEFAULT 0 NOT NULL,
	"staff_read_seq" bigint DEFAULT 0 NOT NULL,
	"complaint_at" timestamp with time zone,
	"answer_due_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution" text,
	"outside_route" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_threads_state_check" CHECK ("support_threads"."state" in ('open', 'resolved')),
	CONSTRAINT "support_threads_resolved_check" CHECK (("support_threads"."state" = 'resolved') = ("support_threads"."resolved_at" is not null and "support_threads"."resolution" is not null)),
	CONSTRAINT "support_threads_complaint_check" CHECK (("support_threads"."complaint_at" is null) = ("support_threads"."answer_due_at" is null))
);
--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_thread_id_support_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."support_threads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_staff_id_admin_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_threads" ADD CONSTRAINT "support_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_threads" ADD CONSTRAINT "support_threads_assigned_to_admin_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_threads" ADD CONSTRAINT "support_threads_resolved_by_admin_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_messages_thread_idx" ON "support_messages" USING btree ("thread_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "support_messages_user_key_idx" ON "support_messages" USING btree ("user_id","idempotency_key") WHERE "support_messages"."author" = 'user' and "support_messages"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "support_messages_staff_key_idx" ON "support_messages" USING btree ("staff_id","idempotency_key") WHERE "support_messages"."author" = 'staff' and "support_messages"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "support_threads_user_idx" ON "support_threads" USING btree ("user_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_threads_seq_idx" ON "support_threads" USING btree ("seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_threads_due_idx" ON "support_threads" USING btree ("answer_due_at") WHERE "support_threads"."complaint_at" is not null and "support_threads"."resolved_at" is null and "support_threads"."escalated_at" is null;