CREATE TABLE "billing_details" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "receipt_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "receipt_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"total" bigint NOT NULL,
	"refers_to" uuid,
	"snapshot" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_documents_series_check" CHECK (("receipt_documents"."type" = 'receipt') = ("receipt_documents"."series" = 'R'))
);
--> statement-breakpoint
CREATE TABLE "receipt_settings" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"company_name" text NOT NULL,
	"company_address" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_settings_singleton" CHECK ("receipt_settings"."singleton")
);
--> statement-breakpoint
ALTER TABLE "billing_details" ADD CONSTRAINT "billing_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_documents" ADD CONSTRAINT "receipt_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_documents" ADD CONSTRAINT "receipt_documents_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_documents" ADD CONSTRAINT "receipt_documents_refers_to_receipt_documents_id_fk" FOREIGN KEY ("refers_to") REFERENCES "public"."receipt_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_documents_number_key" ON "receipt_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_documents_series_key" ON "receipt_documents" USING btree ("series","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_documents_transaction_key" ON "receipt_documents" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "receipt_documents_user_issued_idx" ON "receipt_documents" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "receipt_documents_reference_idx" ON "receipt_documents" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "receipt_documents_issued_idx" ON "receipt_documents" USING btree ("issued_at");
--> statement-breakpoint
-- hand-written
-- An issued receipt or credit note is a fact: what it printed never changes (a correction is a credit
-- note), so rows are refused UPDATE, DELETE and TRUNCATE, like the ledger's (0001, 0020).
CREATE FUNCTION receipt_documents_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'receipts are immutable once issued (% on %)', TG_OP, TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER receipt_documents_immutable BEFORE UPDATE OR DELETE ON receipt_documents
  FOR EACH ROW EXECUTE FUNCTION receipt_documents_refuse_change();
--> statement-breakpoint
CREATE TRIGGER receipt_documents_no_truncate BEFORE TRUNCATE ON receipt_documents
  FOR EACH STATEMENT EXECUTE FUNCTION receipt_documents_refuse_change();
