CREATE TABLE "epss_scores" (
	"cve_id" text PRIMARY KEY NOT NULL,
	"epss" real NOT NULL,
	"percentile" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "epss_staging" (
	"cve_id" text PRIMARY KEY NOT NULL,
	"epss" real NOT NULL,
	"percentile" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_ecosystems" (
	"ecosystem" text PRIMARY KEY NOT NULL,
	"records" integer DEFAULT 0 NOT NULL,
	"demo_records" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_sources" (
	"name" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ecosystem" text,
	"url" text,
	"etag" text,
	"last_modified" text,
	"sha256" text,
	"records" integer DEFAULT 0 NOT NULL,
	"version" text,
	"released_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_changed_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kev_entries" (
	"cve_id" text PRIMARY KEY NOT NULL,
	"vendor_project" text DEFAULT '' NOT NULL,
	"product" text DEFAULT '' NOT NULL,
	"vulnerability_name" text DEFAULT '' NOT NULL,
	"date_added" date,
	"short_description" text DEFAULT '' NOT NULL,
	"required_action" text DEFAULT '' NOT NULL,
	"due_date" date,
	"known_ransomware_campaign_use" text DEFAULT 'Unknown' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"cwes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "osv_staging" (
	"feed" text NOT NULL,
	"id" text NOT NULL,
	"source" text NOT NULL,
	"record" jsonb NOT NULL,
	CONSTRAINT "osv_staging_feed_id_pk" PRIMARY KEY("feed","id")
);
--> statement-breakpoint
CREATE TABLE "osv_staging_seen" (
	"feed" text NOT NULL,
	"id" text NOT NULL,
	CONSTRAINT "osv_staging_seen_feed_id_pk" PRIMARY KEY("feed","id")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "kev_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "package_findings" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_sboms" ADD COLUMN "ecosystems" text[];--> statement-breakpoint
ALTER TABLE "insight_sboms" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "osv_records" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "osv_records" ADD COLUMN "feeds" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "vulnerability_affected" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "osv_records_feeds_idx" ON "osv_records" USING gin ("feeds");--> statement-breakpoint
-- Data written before demo data was marked: the demo catalogue, the tenants and devices the seed made.
UPDATE "osv_records" SET "demo" = true WHERE "source" = 'seed';--> statement-breakpoint
UPDATE "vulnerability_affected" SET "demo" = true WHERE "osv_id" IN (SELECT "id" FROM "osv_records" WHERE "demo");--> statement-breakpoint
UPDATE "tenants" SET "demo" = true WHERE "uid" IN (SELECT "tenant_uid" FROM "users" WHERE "email" IN ('demo@example.com', 'other@example.com'));--> statement-breakpoint
UPDATE "devices" SET "demo" = true WHERE "credential_hash" IS NULL AND "machine_id" IS NULL AND "tenant_uid" IN (SELECT "uid" FROM "tenants" WHERE "demo");
