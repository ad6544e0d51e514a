-- 0013 added email_verified_at without settling the customers who already existed: they were let in
-- under the old rules, never got a verification link, and have counted as unverified since, so
-- renewal reminders and receipts silently stopped (they go to verified addresses only). Settle them
-- as verified when they signed up. "Existed before verification" is read from the data, for a
-- deployment may have upgraded long after 0013 was written: no verification link was ever made for
-- them, and they signed up before this database's first link (or no link exists at all yet).
-- Customers who signed up since keep their state: unverified until they follow their link.
-- Data only (no schema change): the previous release reads and writes these rows as before.
UPDATE "users" SET "email_verified_at" = "created_at"
WHERE "email_verified_at" IS NULL
  AND NOT EXISTS (
    SELECT 1 FROM "account_tokens"
    WHERE "account_tokens"."user_id" = "users"."id" AND "account_tokens"."purpose" = 'verify-email'
  )
  AND "created_at" < coalesce(
    (SELECT min("created_at") FROM "account_tokens" WHERE "purpose" = 'verify-email'),
    now()
  );
