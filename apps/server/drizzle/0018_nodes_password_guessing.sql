-- The password-guessing figures of each node's last heartbeat (issue 25). Expand only: a nullable
-- column the previous release neither reads nor writes.
ALTER TABLE "nodes" ADD COLUMN "password_guessing" jsonb;