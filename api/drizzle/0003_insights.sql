CREATE TABLE "insight_audits" (
	"tenant_uid" uuid NOT NULL,
	"report_uid" uuid NOT NULL,
	"rule_count" integer NOT NULL,
	"result_count" integer NOT NULL,
	"document" json NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_audits_tenant_uid_report_uid_pk" PRIMARY KEY("tenant_uid","report_uid")
);
--> statement-breakpoint
CREATE TABLE "insight_reports" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_uid" uuid NOT NULL,
	"name" text NOT NULL,
	"assessment_type" text DEFAULT 'system' NOT NULL,
	"token" text NOT NULL,
	"token_hash" text NOT NULL,
	"make" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"internet_facing" boolean DEFAULT false NOT NULL,
	"ota_capable" boolean DEFAULT false NOT NULL,
	"encryption_at_rest" boolean DEFAULT false NOT NULL,
	"encryption_in_transit" boolean DEFAULT false NOT NULL,
	"industry" text DEFAULT '' NOT NULL,
	"purpose" text DEFAULT '' NOT NULL,
	"environment" text DEFAULT '' NOT NULL,
	"sold_in" text DEFAULT '' NOT NULL,
	"analysis" text,
	"scan_uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_reports_tenant_uid_key" UNIQUE("tenant_uid","uid"),
	CONSTRAINT "insight_reports_type_chk" CHECK ("insight_reports"."assessment_type" in ('system', 'application'))
);
--> statement-breakpoint
CREATE TABLE "insight_sboms" (
	"tenant_uid" uuid NOT NULL,
	"report_uid" uuid NOT NULL,
	"spec_version" text NOT NULL,
	"component_count" integer NOT NULL,
	"vulnerability_count" integer NOT NULL,
	"document_bytes" integer NOT NULL,
	"document_gzip_base64" text NOT NULL,
	"stats" jsonb NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_sboms_tenant_uid_report_uid_pk" PRIMARY KEY("tenant_uid","report_uid")
);
--> statement-breakpoint
ALTER TABLE "insight_audits" ADD CONSTRAINT "insight_audits_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_audits" ADD CONSTRAINT "insight_audits_tenant_uid_report_uid_insight_reports_tenant_uid_uid_fk" FOREIGN KEY ("tenant_uid","report_uid") REFERENCES "public"."insight_reports"("tenant_uid","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_reports" ADD CONSTRAINT "insight_reports_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_sboms" ADD CONSTRAINT "insight_sboms_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_sboms" ADD CONSTRAINT "insight_sboms_tenant_uid_report_uid_insight_reports_tenant_uid_uid_fk" FOREIGN KEY ("tenant_uid","report_uid") REFERENCES "public"."insight_reports"("tenant_uid","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insight_reports_token_idx" ON "insight_reports" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "insight_reports_token_hash_idx" ON "insight_reports" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "insight_reports_tenant_created_idx" ON "insight_reports" USING btree ("tenant_uid","created_at","uid");