CREATE TABLE "honeypot_daily_rollups" (
	"kind" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"value_hash" uuid NOT NULL,
	"value" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "honeypot_daily_rollups_kind_bucket_value_hash_pk" PRIMARY KEY("kind","bucket","value_hash")
);
--> statement-breakpoint
ALTER TABLE "honeypot_events" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "honeypot_events" ADD COLUMN "password" text;--> statement-breakpoint
ALTER TABLE "honeypot_events" ADD COLUMN "sensor_key_id" uuid;--> statement-breakpoint
ALTER TABLE "honeypot_sensor_keys" ADD COLUMN "last_event_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "honeypot_events_session_idx" ON "honeypot_events" USING btree ("session_key","ts");--> statement-breakpoint
CREATE INDEX "honeypot_events_input_idx" ON "honeypot_events" USING hash ("input");--> statement-breakpoint
CREATE INDEX "honeypot_events_shasum_idx" ON "honeypot_events" USING hash ("shasum");--> statement-breakpoint
CREATE INDEX "honeypot_sessions_src_ip_idx" ON "honeypot_sessions" USING hash ("src_ip");--> statement-breakpoint
CREATE INDEX "honeypot_sessions_asn_idx" ON "honeypot_sessions" USING hash ("asn");--> statement-breakpoint
CREATE INDEX "honeypot_sessions_country_idx" ON "honeypot_sessions" USING hash ("country");--> statement-breakpoint
-- Backfill of the new counters from what is stored (credentials were not kept before: they start now).
INSERT INTO "honeypot_rollups" ("kind", "bucket", "value_hash", "value", "count")
SELECT 'src_ip', date_trunc('hour', "started_at", 'UTC'), md5("src_ip")::uuid, "src_ip", count(*)
FROM "honeypot_sessions" GROUP BY 2, "src_ip"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "honeypot_rollups" ("kind", "bucket", "value_hash", "value", "count")
SELECT 'url', date_trunc('hour', "ts", 'UTC'), md5("url")::uuid, "url", count(*)
FROM "honeypot_events" WHERE "eventid" = 'cowrie.session.file_download' AND "url" IS NOT NULL AND "url" <> ''
GROUP BY 2, "url"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "honeypot_daily_rollups" ("kind", "bucket", "value_hash", "value", "count")
SELECT "kind", date_trunc('day', "bucket", 'UTC'), "value_hash", min("value"), sum("count")
FROM "honeypot_rollups" GROUP BY "kind", 2, "value_hash";
