CREATE TABLE "honeypot_session_files" (
	"value_hash" uuid NOT NULL,
	"session_key" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "honeypot_session_files_value_hash_session_key_pk" PRIMARY KEY("value_hash","session_key")
);
--> statement-breakpoint
CREATE INDEX "honeypot_session_files_started_idx" ON "honeypot_session_files" USING btree ("value_hash","started_at");--> statement-breakpoint
CREATE INDEX "honeypot_session_files_started_at_idx" ON "honeypot_session_files" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "honeypot_daily_rollups_top_idx" ON "honeypot_daily_rollups" USING btree ("kind","bucket","count" DESC NULLS LAST);--> statement-breakpoint
-- The files of the sessions already stored: what store.ts would have written for them (md5 of the
-- stored, lower-case SHA-256 as a uuid; the session's start).
INSERT INTO "honeypot_session_files" ("value_hash", "session_key", "started_at")
SELECT DISTINCT md5(e."shasum")::uuid, e."session_key", s."started_at"
FROM "honeypot_events" e JOIN "honeypot_sessions" s ON s."session_key" = e."session_key"
WHERE e."eventid" IN ('cowrie.session.file_download', 'cowrie.session.file_upload') AND e."shasum" <> '';
