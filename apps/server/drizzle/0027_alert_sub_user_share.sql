ALTER TABLE "alert_rules" ADD COLUMN "sub_user_id" uuid;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "fired_crossings" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_sub_user_id_sub_users_id_fk" FOREIGN KEY ("sub_user_id") REFERENCES "public"."sub_users"("id") ON DELETE no action ON UPDATE no action;