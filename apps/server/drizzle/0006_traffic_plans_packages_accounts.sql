CREATE TABLE "traffic_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"overage_bytes" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"plan_name" text NOT NULL,
	"order_no" text NOT NULL,
	"total_bytes" bigint NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "traffic_packages_used_within_total" CHECK ("traffic_packages"."used_bytes" >= 0 and "traffic_packages"."used_bytes" <= "traffic_packages"."total_bytes")
);
--> statement-breakpoint
CREATE TABLE "traffic_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"validity_days" integer NOT NULL,
	"price" bigint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "traffic_accounts" ADD CONSTRAINT "traffic_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_packages" ADD CONSTRAINT "traffic_packages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_packages" ADD CONSTRAINT "traffic_packages_plan_id_traffic_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."traffic_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_accounts_username_key" ON "traffic_accounts" USING btree ("username");--> statement-breakpoint
CREATE INDEX "traffic_packages_user_expiry_idx" ON "traffic_packages" USING btree ("user_id","expires_at");