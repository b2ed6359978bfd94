CREATE TABLE "osv_record_vulnerabilities" (
	"osv_id" text NOT NULL,
	"vulnerability_uid" uuid NOT NULL,
	"relation" smallint NOT NULL,
	CONSTRAINT "osv_record_vulnerabilities_osv_id_vulnerability_uid_pk" PRIMARY KEY("osv_id","vulnerability_uid")
);
--> statement-breakpoint
CREATE TABLE "osv_records" (
	"id" text PRIMARY KEY NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"score" real,
	"vector" text,
	"aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text NOT NULL,
	"published_at" timestamp with time zone,
	"modified_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vulnerability_affected" ALTER COLUMN "vulnerability_uid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "vulnerability_affected" ADD COLUMN "osv_id" text;--> statement-breakpoint
ALTER TABLE "osv_record_vulnerabilities" ADD CONSTRAINT "osv_record_vulnerabilities_osv_id_osv_records_id_fk" FOREIGN KEY ("osv_id") REFERENCES "public"."osv_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "osv_record_vulnerabilities" ADD CONSTRAINT "osv_record_vulnerabilities_vulnerability_uid_vulnerabilities_uid_fk" FOREIGN KEY ("vulnerability_uid") REFERENCES "public"."vulnerabilities"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "osv_record_vulnerabilities_vuln_idx" ON "osv_record_vulnerabilities" USING btree ("vulnerability_uid");--> statement-breakpoint
ALTER TABLE "vulnerability_affected" ADD CONSTRAINT "vulnerability_affected_osv_id_osv_records_id_fk" FOREIGN KEY ("osv_id") REFERENCES "public"."osv_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vulnerability_affected_osv_idx" ON "vulnerability_affected" USING btree ("osv_id");