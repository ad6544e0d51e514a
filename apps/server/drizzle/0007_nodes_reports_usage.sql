CREATE TABLE "node_reports" (
	"node_id" uuid NOT NULL,
	"report_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "node_reports_node_id_report_id_pk" PRIMARY KEY("node_id","report_id")
);
--> statement-breakpoint
CREATE TABLE "nodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "usage_hourly" (
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"up_bytes" bigint DEFAULT 0 NOT NULL,
	"down_bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_hourly_subject_kind_subject_id_hour_pk" PRIMARY KEY("subject_kind","subject_id","hour")
);
--> statement-breakpoint
ALTER TABLE "node_reports" ADD CONSTRAINT "node_reports_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_hourly" ADD CONSTRAINT "usage_hourly_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nodes_token_hash_key" ON "nodes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "usage_hourly_user_hour_idx" ON "usage_hourly" USING btree ("user_id","hour");