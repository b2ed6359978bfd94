CREATE TABLE "honeypot_session_commands" (
	"value_hash" uuid NOT NULL,
	"session_key" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "honeypot_session_commands_value_hash_session_key_pk" PRIMARY KEY("value_hash","session_key")
);
--> statement-breakpoint
DROP INDEX "honeypot_events_input_idx";--> statement-breakpoint
DROP INDEX "honeypot_events_shasum_idx";--> statement-breakpoint
CREATE INDEX "honeypot_session_commands_started_idx" ON "honeypot_session_commands" USING btree ("value_hash","started_at");--> statement-breakpoint
CREATE INDEX "honeypot_session_commands_started_at_idx" ON "honeypot_session_commands" USING btree ("started_at");--> statement-breakpoint
-- The commands of the sessions already stored: what store.ts would have written for them (md5 of
-- the command as a uuid; the session's start).
INSERT INTO "honeypot_session_commands" ("value_hash", "session_key", "started_at")
SELECT DISTINCT md5(e."input")::uuid, e."session_key", s."started_at"
FROM "honeypot_events" e JOIN "honeypot_sessions" s ON s."session_key" = e."session_key"
WHERE e."eventid" = 'cowrie.command.input' AND e."input" <> '';
