CREATE TABLE "account_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ip_replacements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"order_no" text NOT NULL,
	"old_inventory_id" uuid NOT NULL,
	"new_inventory_id" uuid NOT NULL,
	"old_ip" text NOT NULL,
	"new_ip" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "currency" SET DEFAULT 'USD';--> statement-breakpoint
-- The account currency is US dollars: amounts were always shown as $, so they are relabelled, not converted.
UPDATE "accounts" SET "currency" = 'USD' WHERE "currency" = 'CNY';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tour_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "topup_orders" ADD COLUMN "cny_amount" bigint;--> statement-breakpoint
ALTER TABLE "topup_orders" ADD COLUMN "usd_cny_rate" numeric(10, 4);--> statement-breakpoint
-- Orders before the account currency became USD were charged the same number in CNY: rate 1.
UPDATE "topup_orders" SET "cny_amount" = "amount", "usd_cny_rate" = 1;--> statement-breakpoint
ALTER TABLE "topup_orders" ALTER COLUMN "cny_amount" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "topup_orders" ALTER COLUMN "usd_cny_rate" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_replacements" ADD CONSTRAINT "ip_replacements_instance_id_proxy_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."proxy_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_replacements" ADD CONSTRAINT "ip_replacements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_replacements" ADD CONSTRAINT "ip_replacements_old_inventory_id_ip_inventory_id_fk" FOREIGN KEY ("old_inventory_id") REFERENCES "public"."ip_inventory"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_replacements" ADD CONSTRAINT "ip_replacements_new_inventory_id_ip_inventory_id_fk" FOREIGN KEY ("new_inventory_id") REFERENCES "public"."ip_inventory"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_tokens_token_hash_key" ON "account_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_tokens_user_purpose_idx" ON "account_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "ip_replacements_instance_created_idx" ON "ip_replacements" USING btree ("instance_id","created_at");--> statement-breakpoint
CREATE INDEX "ip_replacements_order_idx" ON "ip_replacements" USING btree ("order_no");