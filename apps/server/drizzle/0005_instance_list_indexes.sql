DROP INDEX "proxy_instances_user_created_idx";--> statement-breakpoint
DROP INDEX "proxy_instances_user_expires_idx";--> statement-breakpoint
CREATE INDEX "proxy_instances_user_created_idx" ON "proxy_instances" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "proxy_instances_user_expires_idx" ON "proxy_instances" USING btree ("user_id","expires_at","id");