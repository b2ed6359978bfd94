-- Raw honeynet events partitioned by UTC day (declarative partitioning): retention drops whole
-- days instead of deleting rows (on PGlite, which never vacuums, deleted rows kept their pages).
-- The existing events move into one partition per day they fall on; new days' partitions are
-- created by the API before it stores their events (lib/honeypot/partitions.ts).
DROP INDEX "honeypot_events_ts_idx";--> statement-breakpoint
DROP INDEX "honeypot_events_session_idx";--> statement-breakpoint
DROP INDEX "honeypot_events_input_idx";--> statement-breakpoint
DROP INDEX "honeypot_events_shasum_idx";--> statement-breakpoint
ALTER TABLE "honeypot_events" RENAME TO "honeypot_events_unpartitioned";--> statement-breakpoint
CREATE TABLE "honeypot_events" (
	"event_key" uuid NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"eventid" text NOT NULL,
	"session_key" text NOT NULL,
	"src_ip" text NOT NULL,
	"sensor" text NOT NULL,
	"input" text,
	"shasum" text,
	"url" text,
	"username" text,
	"password" text,
	"sensor_key_id" uuid,
	CONSTRAINT "honeypot_events_event_key_ts_pk" PRIMARY KEY("event_key","ts")
) PARTITION BY RANGE ("ts");--> statement-breakpoint
CREATE INDEX "honeypot_events_ts_idx" ON "honeypot_events" USING btree ("ts");--> statement-breakpoint
CREATE INDEX "honeypot_events_session_idx" ON "honeypot_events" USING btree ("session_key","ts");--> statement-breakpoint
CREATE INDEX "honeypot_events_input_idx" ON "honeypot_events" USING hash ("input");--> statement-breakpoint
CREATE INDEX "honeypot_events_shasum_idx" ON "honeypot_events" USING hash ("shasum");--> statement-breakpoint
DO $$
DECLARE d date;
BEGIN
  FOR d IN SELECT DISTINCT (ts AT TIME ZONE 'UTC')::date FROM "honeypot_events_unpartitioned" LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "honeypot_events" FOR VALUES FROM (%L) TO (%L)',
      'honeypot_events_' || to_char(d, 'YYYYMMDD'), d::timestamp AT TIME ZONE 'UTC', (d + 1)::timestamp AT TIME ZONE 'UTC');
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "honeypot_events" ("event_key", "ts", "eventid", "session_key", "src_ip", "sensor", "input", "shasum", "url", "username", "password", "sensor_key_id")
SELECT "event_key", "ts", "eventid", "session_key", "src_ip", "sensor", "input", "shasum", "url", "username", "password", "sensor_key_id"
FROM "honeypot_events_unpartitioned";--> statement-breakpoint
DROP TABLE "honeypot_events_unpartitioned";
