-- The instance list's keyword search and exact totals at scale (issue 15). drizzle-kit wrote the
-- tables, columns and plain indexes; the extensions, triggers, backfills and the trigram index are
-- written by hand (the trigram index last, once the backfill has filled its column).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "proxy_instance_tallies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proxy_instance_tallies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"instances" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proxy_instances" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "proxy_instances" ADD COLUMN "search_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "proxy_instance_tallies_user_idx" ON "proxy_instance_tallies" USING btree ("user_id","status");--> statement-breakpoint
-- Every node push adds to the hour's bucket of each subject it reports: half of each page left free
-- lets those updates stay on their page (HOT), with no new entry in either index.
ALTER TABLE "usage_hourly" SET (fillfactor = 50);--> statement-breakpoint
-- The separators below are SEARCH_SEPARATORS of static-ip.schema.ts.
CREATE FUNCTION "proxy_instances_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(coalesce((SELECT ip FROM ip_inventory WHERE id = NEW.inventory_id), '')
    || E'\n' || NEW.line_instance_name || E'\n' || NEW.remark);
  NEW.search_key := translate(NEW.search_text, '.:-_/@ ', 'xxxxxxx');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "proxy_instances_search_text" BEFORE INSERT OR UPDATE OF inventory_id, line_instance_name, remark
  ON "proxy_instances" FOR EACH ROW EXECUTE FUNCTION "proxy_instances_search_text"();--> statement-breakpoint
UPDATE "proxy_instances" SET "line_instance_name" = "line_instance_name";--> statement-breakpoint
CREATE FUNCTION "proxy_instance_tallies_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO proxy_instance_tallies (user_id, status, instances)
  SELECT user_id, status, count(*) FROM new_rows GROUP BY user_id, status;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "proxy_instance_tallies_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO proxy_instance_tallies (user_id, status, instances)
  SELECT user_id, status, -count(*) FROM old_rows GROUP BY user_id, status;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "proxy_instance_tallies_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only rows whose owner or status changed leave a delta: +1 and -1 of the same key cancel out.
  INSERT INTO proxy_instance_tallies (user_id, status, instances)
  SELECT user_id, status, sum(delta) FROM (
    SELECT user_id, status, 1 AS delta FROM new_rows
    UNION ALL
    SELECT user_id, status, -1 AS delta FROM old_rows
  ) AS moved
  GROUP BY user_id, status HAVING sum(delta) <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "proxy_instance_tallies_insert" AFTER INSERT ON "proxy_instances"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "proxy_instance_tallies_insert"();--> statement-breakpoint
CREATE TRIGGER "proxy_instance_tallies_delete" AFTER DELETE ON "proxy_instances"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "proxy_instance_tallies_delete"();--> statement-breakpoint
CREATE TRIGGER "proxy_instance_tallies_update" AFTER UPDATE ON "proxy_instances"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "proxy_instance_tallies_update"();--> statement-breakpoint
INSERT INTO "proxy_instance_tallies" (user_id, status, instances)
  SELECT user_id, status, count(*) FROM proxy_instances GROUP BY user_id, status;--> statement-breakpoint
CREATE INDEX "proxy_instances_search_trgm_idx" ON "proxy_instances" USING gin ("user_id","search_key" gin_trgm_ops) WITH (fastupdate=false);
