CREATE TABLE "login_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_totals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_totals_bytes_exact" CHECK ("usage_totals"."bytes" between 0 and 9007199254740991)
);
--> statement-breakpoint
ALTER TABLE "usage_hourly" ALTER COLUMN "up_bytes" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "usage_hourly" ALTER COLUMN "down_bytes" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "traffic_accounts" ALTER COLUMN "overage_bytes" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "traffic_packages" ALTER COLUMN "used_bytes" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "claim_id" uuid;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usage_totals" ADD CONSTRAINT "usage_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_attempts_window_idx" ON "login_attempts" USING btree ("window_started_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_logins_since";--> statement-breakpoint
-- Lifetime totals from the usage recorded so far (capped: a total past 2^53 − 1 came from bogus pushes).
INSERT INTO "usage_totals" ("user_id", "bytes")
SELECT "user_id", least(sum("up_bytes" + "down_bytes"), 9007199254740991)
FROM "usage_hourly" GROUP BY "user_id";
