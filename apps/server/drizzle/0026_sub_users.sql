CREATE TABLE "login_auto_stops" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"daily_bytes" bigint,
	"day" date,
	"day_bytes" bigint DEFAULT 0 NOT NULL,
	"lifted_on" date
);
--> statement-breakpoint
CREATE TABLE "sub_user_usage_hourly" (
	"sub_user_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"up_bytes" bigint DEFAULT 0 NOT NULL,
	"down_bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sub_user_usage_hourly_sub_user_id_hour_pk" PRIMARY KEY("sub_user_id","hour")
);
--> statement-breakpoint
CREATE TABLE "sub_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"limit_bytes" bigint,
	"limit_period" text,
	"max_tunnels" integer,
	"auto_stop_bytes" bigint,
	"lifted_on" date,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"day" date,
	"day_bytes" bigint DEFAULT 0 NOT NULL,
	"month" date,
	"month_bytes" bigint DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_auto_stops" ADD CONSTRAINT "login_auto_stops_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_user_usage_hourly" ADD CONSTRAINT "sub_user_usage_hourly_sub_user_id_sub_users_id_fk" FOREIGN KEY ("sub_user_id") REFERENCES "public"."sub_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_user_usage_hourly" ADD CONSTRAINT "sub_user_usage_hourly_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_users" ADD CONSTRAINT "sub_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sub_users_username_key" ON "sub_users" USING btree ("username") WHERE "sub_users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sub_users_user_created_idx" ON "sub_users" USING btree ("user_id","created_at");
--> statement-breakpoint
-- hand-written
-- Counters change on every push: room on each page keeps those updates HOT (as usage_hourly, 0017).
ALTER TABLE "sub_users" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "login_auto_stops" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "sub_user_usage_hourly" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "sub_users" ADD CONSTRAINT "sub_users_limit_whole" CHECK (("limit_bytes" IS NULL) = ("limit_period" IS NULL));--> statement-breakpoint
ALTER TABLE "sub_users" ADD CONSTRAINT "sub_users_limit_period" CHECK ("limit_period" IN ('total', 'day', 'month'));--> statement-breakpoint
-- What a node serves of a sub-user changed (0012's credential_changes): its login, its state, or a
-- figure of a limit or cap. A push that only moved the counters of one with neither changes nothing
-- a node holds, and is not logged.
CREATE FUNCTION log_sub_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW.limit_bytes IS NULL AND NEW.auto_stop_bytes IS NULL
    AND OLD.limit_bytes IS NULL AND OLD.auto_stop_bytes IS NULL
    AND (NEW.username, NEW.password, NEW.max_tunnels, NEW.disabled_at, NEW.deleted_at)
      IS NOT DISTINCT FROM (OLD.username, OLD.password, OLD.max_tunnels, OLD.disabled_at, OLD.deleted_at)
  THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    INSERT INTO credential_changes (kind, subject_id) VALUES ('sub-user', OLD.id);
  ELSE
    INSERT INTO credential_changes (kind, subject_id) VALUES ('sub-user', NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sub_users_credential_change"
  AFTER INSERT OR DELETE OR UPDATE ON "sub_users"
  FOR EACH ROW EXECUTE FUNCTION log_sub_user_change();
--> statement-breakpoint
-- The account login's cap travels with the traffic account: a change to a login with a cap (or one
-- that just lost it) is the account's change. Logins without a cap only count their day.
CREATE FUNCTION log_login_auto_stop_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.daily_bytes IS NOT NULL THEN
      INSERT INTO credential_changes (kind, subject_id) VALUES ('traffic-account', NEW.user_id);
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.daily_bytes IS NOT NULL THEN
      INSERT INTO credential_changes (kind, subject_id) VALUES ('traffic-account', OLD.user_id);
    END IF;
  ELSIF NEW.daily_bytes IS NOT NULL OR OLD.daily_bytes IS NOT NULL THEN
    INSERT INTO credential_changes (kind, subject_id) VALUES ('traffic-account', NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "login_auto_stops_credential_change"
  AFTER INSERT OR DELETE OR UPDATE ON "login_auto_stops"
  FOR EACH ROW EXECUTE FUNCTION log_login_auto_stop_change();
--> statement-breakpoint
-- A suspension or its end changes what nodes serve of the customer's sub-users too (as 0015 does for
-- their instances and traffic account).
CREATE FUNCTION log_customer_suspension_sub_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.suspended_at IS DISTINCT FROM OLD.suspended_at THEN
    INSERT INTO credential_changes (kind, subject_id)
      SELECT 'sub-user', id FROM sub_users WHERE user_id = NEW.id AND deleted_at IS NULL;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_suspension_sub_users_change"
  AFTER UPDATE OF suspended_at ON "users"
  FOR EACH ROW EXECUTE FUNCTION log_customer_suspension_sub_users();
