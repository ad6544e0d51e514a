CREATE TABLE "credential_changes" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credential_changes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"txid" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_whitelist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ip_whitelist" ADD CONSTRAINT "ip_whitelist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credential_changes_txid_idx" ON "credential_changes" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "credential_changes_created_idx" ON "credential_changes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ip_whitelist_user_source_key" ON "ip_whitelist" USING btree ("user_id","source");--> statement-breakpoint
CREATE INDEX "ip_whitelist_user_created_idx" ON "ip_whitelist" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ip_inventory_node_idx" ON "ip_inventory" USING btree ("node");--> statement-breakpoint
-- Every change to something a node serves lands in credential_changes, whichever code path wrote it.
CREATE FUNCTION "log_credential_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_kind text := TG_ARGV[0];
  subject_column text := TG_ARGV[1];
  subject uuid;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    subject := (to_jsonb(NEW) ->> subject_column)::uuid;
    IF row_kind <> 'pool' OR (to_jsonb(NEW) ->> 'status') = 'pool' THEN
      INSERT INTO credential_changes (kind, subject_id) VALUES (row_kind, subject);
    END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    subject := (to_jsonb(OLD) ->> subject_column)::uuid;
    IF row_kind <> 'pool' OR (to_jsonb(OLD) ->> 'status') = 'pool' THEN
      INSERT INTO credential_changes (kind, subject_id) VALUES (row_kind, subject);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "proxy_instances_credential_change"
  AFTER INSERT OR DELETE OR UPDATE OF status, username, password, uuid, inventory_id, expires_at, user_id
  ON "proxy_instances" FOR EACH ROW EXECUTE FUNCTION log_credential_change('instance', 'id');
--> statement-breakpoint
CREATE TRIGGER "traffic_accounts_credential_change"
  AFTER INSERT OR DELETE OR UPDATE OF username, password
  ON "traffic_accounts" FOR EACH ROW EXECUTE FUNCTION log_credential_change('traffic-account', 'user_id');
--> statement-breakpoint
CREATE TRIGGER "traffic_packages_credential_change"
  AFTER INSERT OR DELETE OR UPDATE OF used_bytes, total_bytes, status, expires_at
  ON "traffic_packages" FOR EACH ROW EXECUTE FUNCTION log_credential_change('traffic-account', 'user_id');
--> statement-breakpoint
CREATE TRIGGER "ip_whitelist_credential_change"
  AFTER INSERT OR DELETE OR UPDATE
  ON "ip_whitelist" FOR EACH ROW EXECUTE FUNCTION log_credential_change('whitelist', 'user_id');
--> statement-breakpoint
CREATE TRIGGER "ip_inventory_credential_change"
  AFTER INSERT OR DELETE OR UPDATE OF status, ip, node
  ON "ip_inventory" FOR EACH ROW EXECUTE FUNCTION log_credential_change('pool', 'id');
