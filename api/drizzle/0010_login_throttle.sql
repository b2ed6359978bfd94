-- The per-account counters of the old scheme (`account:<email>`) lock an account for everyone; the
-- new scheme keys on (client IP, account). Counters are short-lived, so start afresh.
DELETE FROM "login_failures";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "last_failure_at" timestamp with time zone DEFAULT now() NOT NULL;
