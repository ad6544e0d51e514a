ALTER TABLE "api_tokens" ADD COLUMN "last_used_ip" text;--> statement-breakpoint
-- The row triggers (0001, 0015) cannot see TRUNCATE, which empties a table without touching a row:
-- refuse it too. The application's database role needs no TRUNCATE privilege at all (README).
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER operator_audit_log_no_truncate BEFORE TRUNCATE ON operator_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_refuse_change();
