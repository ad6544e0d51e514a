CREATE TABLE "destination_policy" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"singleton" boolean DEFAULT true NOT NULL,
	"ports" integer[] DEFAULT '{}' NOT NULL,
	"cidrs" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "destination_policy_singleton" CHECK ("destination_policy"."singleton")
);
--> statement-breakpoint
CREATE TABLE "node_refusals" (
	"node_id" uuid NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"refusals" bigint NOT NULL,
	"last_refused_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "node_refusals_node_id_subject_kind_subject_id_pk" PRIMARY KEY("node_id","subject_kind","subject_id")
);
--> statement-breakpoint
ALTER TABLE "node_refusals" ADD CONSTRAINT "node_refusals_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "destination_policy_singleton_key" ON "destination_policy" USING btree ("singleton");--> statement-breakpoint
CREATE INDEX "node_refusals_node_count_idx" ON "node_refusals" USING btree ("node_id","refusals" DESC NULLS LAST);--> statement-breakpoint
-- A change to the deny list reaches every node with its next pull, as a delta like the pool's.
CREATE TRIGGER "destination_policy_credential_change"
  AFTER INSERT OR DELETE OR UPDATE OF ports, cidrs
  ON "destination_policy" FOR EACH ROW EXECUTE FUNCTION log_credential_change('policy', 'id');
