CREATE TABLE "stats_settings" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"keep_destinations" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tunnel_destinations_daily" (
	"day" date NOT NULL,
	"customer_id" uuid NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"host" text NOT NULL,
	"tunnels" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "tunnel_destinations_daily_customer_id_day_subject_kind_subject_id_host_pk" PRIMARY KEY("customer_id","day","subject_kind","subject_id","host")
);
--> statement-breakpoint
CREATE TABLE "tunnel_stats_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"node_id" uuid NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"customer_id" uuid,
	"succeeded" bigint DEFAULT 0 NOT NULL,
	"fail_authentication" bigint DEFAULT 0 NOT NULL,
	"fail_policy" bigint DEFAULT 0 NOT NULL,
	"fail_dns" bigint DEFAULT 0 NOT NULL,
	"fail_timeout" bigint DEFAULT 0 NOT NULL,
	"fail_target_refused" bigint DEFAULT 0 NOT NULL,
	"fail_over_cap" bigint DEFAULT 0 NOT NULL,
	"fail_quota" bigint DEFAULT 0 NOT NULL,
	"fail_other" bigint DEFAULT 0 NOT NULL,
	"peak_open" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tunnel_stats_hourly_hour_node_id_subject_kind_subject_id_pk" PRIMARY KEY("hour","node_id","subject_kind","subject_id")
);
--> statement-breakpoint
ALTER TABLE "stats_settings" ADD CONSTRAINT "stats_settings_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tunnel_destinations_daily" ADD CONSTRAINT "tunnel_destinations_daily_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tunnel_stats_hourly" ADD CONSTRAINT "tunnel_stats_hourly_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tunnel_stats_hourly" ADD CONSTRAINT "tunnel_stats_hourly_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tunnel_destinations_daily_day_idx" ON "tunnel_destinations_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "tunnel_stats_hourly_customer_hour_idx" ON "tunnel_stats_hourly" USING btree ("customer_id","hour");--> statement-breakpoint
-- hand-written
-- A change to "keep top destinations" reaches every node with its next pull (the list of customers who
-- keep them travels in the pull, as the deny list does).
CREATE TRIGGER "stats_settings_credential_change"
  AFTER INSERT OR DELETE OR UPDATE OF keep_destinations
  ON "stats_settings" FOR EACH ROW EXECUTE FUNCTION log_credential_change('destinations', 'customer_id');
