CREATE TABLE "honeypot_value_days" (
	"kind" text NOT NULL,
	"value_hash" uuid NOT NULL,
	"value" text NOT NULL,
	"last_day" integer NOT NULL,
	"days" bigint[] NOT NULL,
	CONSTRAINT "honeypot_value_days_kind_value_hash_pk" PRIMARY KEY("kind","value_hash")
);
--> statement-breakpoint
CREATE TABLE "honeypot_value_hours" (
	"kind" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"value_hash" uuid NOT NULL,
	"value" text NOT NULL,
	"hours" bigint[] NOT NULL,
	CONSTRAINT "honeypot_value_hours_kind_bucket_value_hash_pk" PRIMARY KEY("kind","bucket","value_hash")
);
--> statement-breakpoint
CREATE INDEX "honeypot_value_days_last_idx" ON "honeypot_value_days" USING btree ("kind","last_day");--> statement-breakpoint
-- b's counts added into a at b's own subscripts (a day number, or an hour of the day); the array
-- grows either way and gaps stay null. Used by ingest's upserts and, as an aggregate, below.
CREATE FUNCTION "honeypot_add_counts"(a bigint[], b bigint[]) RETURNS bigint[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE i int;
BEGIN
  IF a IS NULL THEN RETURN b; END IF;
  IF b IS NULL THEN RETURN a; END IF;
  FOR i IN array_lower(b, 1) .. array_upper(b, 1) LOOP
    IF b[i] IS NOT NULL THEN a[i] := coalesce(a[i], 0) + b[i]; END IF;
  END LOOP;
  RETURN a;
END $$;--> statement-breakpoint
CREATE AGGREGATE "honeypot_sum_counts"(bigint[]) (SFUNC = "honeypot_add_counts", STYPE = bigint[]);--> statement-breakpoint
-- Backfill from the rollups, what ingest would have written: the days (and hours) of the last 32
-- days, the most an export reads (lib/honeypot/value-counts.ts, KEPT_DAYS).
INSERT INTO "honeypot_value_days" ("kind", "value_hash", "value", "last_day", "days")
SELECT "kind", "value_hash", min("value"), max(day), "honeypot_sum_counts"(array_fill("count", ARRAY[1], ARRAY[day]))
FROM (SELECT "kind", "value_hash", "value", "count", (extract(epoch FROM "bucket") / 86400)::int AS day
  FROM "honeypot_daily_rollups"
  WHERE "kind" IN ('src_ip', 'hash', 'url') AND "bucket" >= date_trunc('day', now(), 'UTC') - interval '32 days') AS d
GROUP BY "kind", "value_hash";--> statement-breakpoint
INSERT INTO "honeypot_value_hours" ("kind", "bucket", "value_hash", "value", "hours")
SELECT "kind", date_trunc('day', "bucket", 'UTC'), "value_hash", min("value"),
  "honeypot_sum_counts"(array_fill("count", ARRAY[1], ARRAY[extract(hour FROM "bucket" AT TIME ZONE 'UTC')::int]))
FROM "honeypot_rollups"
WHERE "kind" IN ('src_ip', 'hash', 'url') AND "bucket" >= date_trunc('day', now(), 'UTC') - interval '32 days'
GROUP BY "kind", date_trunc('day', "bucket", 'UTC'), "value_hash";
--> statement-breakpoint
-- Planner statistics for the filled tables (PGlite runs no autovacuum to gather them).
ANALYZE "honeypot_value_days";--> statement-breakpoint
ANALYZE "honeypot_value_hours";
