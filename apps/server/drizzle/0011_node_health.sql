ALTER TABLE "nodes" ADD COLUMN "last_push_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "version" text;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "uptime_seconds" integer;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "open_tunnels" integer;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "bytes_per_second" bigint;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "dead_letters" integer;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "pending_batches" integer;