CREATE TABLE "journal_chain" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"content_hash" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"sealed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "journal_chain_entry_unique" UNIQUE("entry_id")
);
--> statement-breakpoint
CREATE TABLE "liability_proof_leaves" (
	"proof_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"salt" text NOT NULL,
	"balance" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "liability_proof_leaves_proof_id_user_id_pk" PRIMARY KEY("proof_id","user_id"),
	CONSTRAINT "liability_proof_leaves_position" UNIQUE("proof_id","position")
);
--> statement-breakpoint
CREATE TABLE "liability_proofs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"root" text NOT NULL,
	"total" text NOT NULL,
	"leaves" integer NOT NULL,
	"chain_seq" bigint NOT NULL,
	"chain_hash" text NOT NULL,
	"built_at" timestamp with time zone NOT NULL,
	"built_by" uuid,
	CONSTRAINT "liability_proofs_as_of_currency" UNIQUE("as_of","currency"),
	CONSTRAINT "liability_proofs_kind_check" CHECK ("liability_proofs"."kind" in ('daily', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "liability_proof_leaves" ADD CONSTRAINT "liability_proof_leaves_proof_id_liability_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."liability_proofs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liability_proof_leaves" ADD CONSTRAINT "liability_proof_leaves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liability_proofs" ADD CONSTRAINT "liability_proofs_built_by_admin_users_id_fk" FOREIGN KEY ("built_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER "journal_chain_append_only" BEFORE UPDATE OR DELETE ON "journal_chain"
  FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();--> statement-breakpoint
CREATE TRIGGER "journal_chain_no_truncate" BEFORE TRUNCATE ON "journal_chain"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_append_only_change"();--> statement-breakpoint
CREATE TRIGGER "liability_proofs_append_only" BEFORE UPDATE OR DELETE ON "liability_proofs"
  FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();--> statement-breakpoint
CREATE TRIGGER "liability_proofs_no_truncate" BEFORE TRUNCATE ON "liability_proofs"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_append_only_change"();--> statement-breakpoint
CREATE TRIGGER "liability_proof_leaves_append_only" BEFORE UPDATE OR DELETE ON "liability_proof_leaves"
  FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();--> statement-breakpoint
CREATE TRIGGER "liability_proof_leaves_no_truncate" BEFORE TRUNCATE ON "liability_proof_leaves"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_append_only_change"();
