CREATE TABLE "honeypot_events" (
	"event_key" uuid PRIMARY KEY NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"eventid" text NOT NULL,
	"session_key" text NOT NULL,
	"src_ip" text NOT NULL,
	"sensor" text NOT NULL,
	"input" text,
	"shasum" text,
	"url" text
);
--> statement-breakpoint
CREATE TABLE "honeypot_rollups" (
	"kind" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"value_hash" uuid NOT NULL,
	"value" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "honeypot_rollups_kind_bucket_value_hash_pk" PRIMARY KEY("kind","bucket","value_hash")
);
--> statement-breakpoint
CREATE TABLE "honeypot_sensor_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "honeypot_sensor_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "honeypot_sessions" (
	"session_key" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"src_ip" text NOT NULL,
	"sensor" text NOT NULL,
	"asn" text NOT NULL,
	"country" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "honeypot_events_ts_idx" ON "honeypot_events" USING btree ("ts");--> statement-breakpoint
CREATE INDEX "honeypot_sessions_started_at_idx" ON "honeypot_sessions" USING btree ("started_at");