DROP INDEX "honeypot_sessions_src_ip_idx";--> statement-breakpoint
DROP INDEX "honeypot_sessions_asn_idx";--> statement-breakpoint
DROP INDEX "honeypot_sessions_country_idx";--> statement-breakpoint
CREATE INDEX "honeypot_sessions_src_ip_md5_idx" ON "honeypot_sessions" USING btree ((md5("src_ip")::uuid),"started_at");--> statement-breakpoint
CREATE INDEX "honeypot_sessions_asn_md5_idx" ON "honeypot_sessions" USING btree ((md5("asn")::uuid),"started_at");--> statement-breakpoint
CREATE INDEX "honeypot_sessions_country_md5_idx" ON "honeypot_sessions" USING btree ((md5("country")::uuid),"started_at");