DROP INDEX "alerts_tenant_status_created_idx";--> statement-breakpoint
DROP INDEX "alerts_device_idx";--> statement-breakpoint
CREATE INDEX "alerts_tenant_priority_desc_idx" ON "alerts" USING btree ("tenant_uid","priority_rank" DESC NULLS FIRST,"uid","elastic_alert_created_at");--> statement-breakpoint
CREATE INDEX "devices_hostname_trgm_idx" ON "devices" USING gin ("hostname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_platform_name_trgm_idx" ON "devices" USING gin ("platform_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_platform_version_trgm_idx" ON "devices" USING gin ("platform_version" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_ip_addresses_trgm_idx" ON "devices" USING gin ("ip_addresses" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "alerts_tenant_status_created_idx" ON "alerts" USING btree ("tenant_uid","status","elastic_alert_created_at","uid");--> statement-breakpoint
CREATE INDEX "alerts_device_idx" ON "alerts" USING btree ("tenant_uid","device_uid","elastic_alert_created_at","uid");