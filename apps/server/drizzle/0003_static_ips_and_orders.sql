CREATE TABLE "order_instances" (
	"order_no" text NOT NULL,
	"instance_id" uuid NOT NULL,
	CONSTRAINT "order_instances_order_no_instance_id_pk" PRIMARY KEY("order_no","instance_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"order_no" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"region_id" text,
	"quantity" integer NOT NULL,
	"duration_days" integer NOT NULL,
	"protocol" text,
	"unit_price" bigint NOT NULL,
	"discount_percent" integer NOT NULL,
	"total" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_inventory" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"region_id" text NOT NULL,
	"ip" text NOT NULL,
	"port" integer NOT NULL,
	"node" text NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"cooling_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proxy_instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"inventory_id" uuid NOT NULL,
	"order_no" text NOT NULL,
	"line_instance_name" text NOT NULL,
	"protocol" text NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"uuid" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" text PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"country" text NOT NULL,
	"city" text NOT NULL,
	"country_en" text NOT NULL,
	"city_en" text NOT NULL,
	"isp_type" text NOT NULL,
	"protocols" text[] NOT NULL,
	"price_per_30_days" bigint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_instances" ADD CONSTRAINT "order_instances_order_no_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."orders"("order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_instances" ADD CONSTRAINT "order_instances_instance_id_proxy_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."proxy_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_inventory" ADD CONSTRAINT "ip_inventory_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_instances" ADD CONSTRAINT "proxy_instances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_instances" ADD CONSTRAINT "proxy_instances_inventory_id_ip_inventory_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."ip_inventory"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_instances_instance_idx" ON "order_instances" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ip_inventory_ip_port_key" ON "ip_inventory" USING btree ("ip","port");--> statement-breakpoint
CREATE INDEX "ip_inventory_region_available_idx" ON "ip_inventory" USING btree ("region_id") WHERE status = 'available';--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_instances_active_inventory_key" ON "proxy_instances" USING btree ("inventory_id") WHERE status <> 'released';--> statement-breakpoint
CREATE INDEX "proxy_instances_user_created_idx" ON "proxy_instances" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "proxy_instances_user_expires_idx" ON "proxy_instances" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "proxy_instances_expiry_idx" ON "proxy_instances" USING btree ("expires_at") WHERE status <> 'released';