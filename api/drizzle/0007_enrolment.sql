ALTER TABLE "alerts" ADD COLUMN "elastic_group_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "machine_id" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "credential_hash" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "credential_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "agent_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "alerts_tenant_group_idx" ON "alerts" USING btree ("tenant_uid","elastic_group_id") WHERE "alerts"."elastic_group_id" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "devices_tenant_machine_idx" ON "devices" USING btree ("tenant_uid","machine_id");