-- A refund names the item it paid back by typed columns (order, item kind, item id) instead of the
-- `refund:<orderNo>:<kind>:<id>` reference string a LIKE had to search. Expand step: additive only.
-- The reference is still written as before; the previous release, which knows nothing of this table,
-- keeps working on it, and the trigger below fills in the rows of the refunds it posts meanwhile.
CREATE TABLE "refunds" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	CONSTRAINT "refunds_item_kind_check" CHECK ("refunds"."item_kind" in ('ip', 'traffic'))
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_item_order_key" ON "refunds" USING btree ("item_kind","item_id","order_no");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_no");
--> statement-breakpoint
-- Like the ledger it describes, append-only.
CREATE TRIGGER refunds_immutable BEFORE UPDATE OR DELETE ON refunds
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER refunds_no_truncate BEFORE TRUNCATE ON refunds
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- The refunds posted so far, from their references.
INSERT INTO refunds (transaction_id, order_no, item_kind, item_id)
SELECT t.id, m[1], m[2], m[3]::uuid
FROM ledger_transactions t,
  regexp_match(t.reference, '^refund:([^:]+):(ip|traffic):([0-9a-fA-F-]{36})$') AS m
WHERE t.kind = 'refund' AND m IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A refund transaction the previous release posts (reference only) gets its row here; this release
-- writes the row itself right after its transaction, and finds it there. A second refund of one item
-- from one order still fails on refunds_item_order_key. Dropped by the contract step.
CREATE FUNCTION refunds_from_reference() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m text[];
BEGIN
  m := regexp_match(NEW.reference, '^refund:([^:]+):(ip|traffic):([0-9a-fA-F-]{36})$');
  IF m IS NOT NULL THEN
    INSERT INTO refunds (transaction_id, order_no, item_kind, item_id)
    VALUES (NEW.id, m[1], m[2], m[3]::uuid)
    ON CONFLICT (transaction_id) DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_refund_items AFTER INSERT ON ledger_transactions
  FOR EACH ROW WHEN (NEW.kind = 'refund') EXECUTE FUNCTION refunds_from_reference();
