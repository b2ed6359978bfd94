CREATE TABLE "insight_sbom_chunks" (
	"tenant_uid" uuid NOT NULL,
	"report_uid" uuid NOT NULL,
	"upload_uid" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" text NOT NULL,
	CONSTRAINT "insight_sbom_chunks_upload_uid_seq_pk" PRIMARY KEY("upload_uid","seq")
);
--> statement-breakpoint
ALTER TABLE "insight_sboms" ADD COLUMN "document_upload" uuid;--> statement-breakpoint
ALTER TABLE "insight_sbom_chunks" ADD CONSTRAINT "insight_sbom_chunks_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_sbom_chunks" ADD CONSTRAINT "insight_sbom_chunks_tenant_uid_report_uid_insight_reports_tenant_uid_uid_fk" FOREIGN KEY ("tenant_uid","report_uid") REFERENCES "public"."insight_reports"("tenant_uid","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_sbom_chunks_report_idx" ON "insight_sbom_chunks" USING btree ("tenant_uid","report_uid");