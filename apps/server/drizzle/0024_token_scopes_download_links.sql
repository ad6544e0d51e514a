CREATE TABLE "download_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"protocol" text NOT NULL,
	"region_id" text,
	"format" text NOT NULL,
	"template" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "scopes" text[] DEFAULT '{read,buy,manage}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "download_links" ADD CONSTRAINT "download_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "download_links_secret_hash_key" ON "download_links" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "download_links_user_created_idx" ON "download_links" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_scopes_known" CHECK (cardinality("api_tokens"."scopes") > 0 and "api_tokens"."scopes" <@ '{read,buy,manage}'::text[]);