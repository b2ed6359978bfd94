CREATE TABLE "insight_scans" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_uid" uuid NOT NULL,
	"report_uid" uuid NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"component_count" integer NOT NULL,
	"vulnerability_count" integer NOT NULL,
	"open_count" integer NOT NULL,
	"critical_count" integer NOT NULL,
	"components_gzip_base64" text NOT NULL,
	"vulnerabilities" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insight_scans" ADD CONSTRAINT "insight_scans_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_scans" ADD CONSTRAINT "insight_scans_tenant_uid_report_uid_insight_reports_tenant_uid_uid_fk" FOREIGN KEY ("tenant_uid","report_uid") REFERENCES "public"."insight_reports"("tenant_uid","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_scans_report_idx" ON "insight_scans" USING btree ("tenant_uid","report_uid","uploaded_at","uid");