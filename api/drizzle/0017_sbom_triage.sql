CREATE TABLE "insight_vuln_analyses" (
	"tenant_uid" uuid NOT NULL,
	"report_uid" uuid NOT NULL,
	"component_key" text NOT NULL,
	"vulnerability_id" text NOT NULL,
	"state" text NOT NULL,
	"justification" text,
	"response" text[] DEFAULT '{}'::text[] NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"purl" text,
	"group" text,
	"name" text,
	"version" text,
	"actor_kind" text NOT NULL,
	"actor_uid" uuid,
	"actor_label" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_vuln_analyses_tenant_uid_report_uid_component_key_vulnerability_id_pk" PRIMARY KEY("tenant_uid","report_uid","component_key","vulnerability_id"),
	CONSTRAINT "insight_vuln_analyses_source_chk" CHECK ("insight_vuln_analyses"."source" in ('console', 'vex')),
	CONSTRAINT "insight_vuln_analyses_actor_chk" CHECK ("insight_vuln_analyses"."actor_kind" in ('user', 'api-key', 'system'))
);
--> statement-breakpoint
CREATE TABLE "insight_vuln_analysis_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_uid" uuid NOT NULL,
	"report_uid" uuid NOT NULL,
	"component_key" text NOT NULL,
	"vulnerability_id" text NOT NULL,
	"state" text NOT NULL,
	"justification" text,
	"response" text[] DEFAULT '{}'::text[] NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_uid" uuid,
	"actor_label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_vuln_analysis_events_source_chk" CHECK ("insight_vuln_analysis_events"."source" in ('console', 'vex')),
	CONSTRAINT "insight_vuln_analysis_events_actor_chk" CHECK ("insight_vuln_analysis_events"."actor_kind" in ('user', 'api-key', 'system'))
);
--> statement-breakpoint
ALTER TABLE "insight_vuln_analyses" ADD CONSTRAINT "insight_vuln_analyses_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_vuln_analyses" ADD CONSTRAINT "insight_vuln_analyses_tenant_uid_report_uid_insight_reports_tenant_uid_uid_fk" FOREIGN KEY ("tenant_uid","report_uid") REFERENCES "public"."insight_reports"("tenant_uid","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_vuln_analysis_events" ADD CONSTRAINT "insight_vuln_analysis_events_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_vuln_analysis_events" ADD CONSTRAINT "insight_vuln_analysis_events_tenant_uid_report_uid_insight_reports_tenant_uid_uid_fk" FOREIGN KEY ("tenant_uid","report_uid") REFERENCES "public"."insight_reports"("tenant_uid","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_vuln_analysis_events_idx" ON "insight_vuln_analysis_events" USING btree ("tenant_uid","report_uid","vulnerability_id","created_at","id");