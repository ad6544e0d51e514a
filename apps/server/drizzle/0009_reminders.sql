ALTER TABLE "proxy_instances" ADD COLUMN "expiry_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "traffic_accounts" ADD COLUMN "exhausted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "traffic_accounts" ADD COLUMN "exhausted_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "traffic_packages" ADD COLUMN "reminded_80_at" timestamp with time zone;