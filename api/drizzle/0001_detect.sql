CREATE TABLE "agents" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_type" text NOT NULL,
	"architecture" text NOT NULL,
	"version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_type_chk" CHECK ("agents"."device_type" in ('linux', 'rtos'))
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_uid" uuid NOT NULL,
	"device_uid" uuid,
	"name" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"priority" text NOT NULL,
	"priority_rank" smallint NOT NULL,
	"indicator" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"recommendation" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"event_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"associated_alert_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mitre_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"elastic_rule_id" text DEFAULT '' NOT NULL,
	"elastic_alert_id" text NOT NULL,
	"elastic_rule_name" text DEFAULT '' NOT NULL,
	"elastic_index" text DEFAULT '' NOT NULL,
	"elastic_alert_created_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_status_chk" CHECK ("alerts"."status" in ('OPEN', 'CLOSED')),
	CONSTRAINT "alerts_priority_chk" CHECK ("alerts"."priority" in ('Critical', 'High', 'Medium', 'Low'))
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_uid" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"revoked" boolean DEFAULT false NOT NULL,
	"created_by_uid" uuid,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_prefix_unique" UNIQUE("prefix")
);
--> statement-breakpoint
CREATE TABLE "device_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_uid" uuid NOT NULL,
	"device_uid" uuid NOT NULL,
	"username" text NOT NULL,
	"home_directory" text DEFAULT '' NOT NULL,
	"uid" integer NOT NULL,
	"shell" text DEFAULT '' NOT NULL,
	"group_name" text DEFAULT '' NOT NULL,
	"privileges" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_interfaces" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_uid" uuid NOT NULL,
	"device_uid" uuid NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'UNKNOWN' NOT NULL,
	"ip_addresses" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_packages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_uid" uuid NOT NULL,
	"device_uid" uuid NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"ecosystem" text DEFAULT '' NOT NULL,
	"source_name" text DEFAULT '' NOT NULL,
	"architecture" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_threads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_uid" uuid NOT NULL,
	"device_uid" uuid NOT NULL,
	"thread_name" text NOT NULL,
	"avg_cpu_usage" real DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_uid" uuid NOT NULL,
	"hostname" text NOT NULL,
	"device_type" text NOT NULL,
	"platform_name" text DEFAULT '' NOT NULL,
	"platform_version" text DEFAULT '' NOT NULL,
	"kernel_arch" text DEFAULT '' NOT NULL,
	"kernel_version" text DEFAULT '' NOT NULL,
	"risk_score" text DEFAULT 'Low' NOT NULL,
	"risk_rank" smallint DEFAULT 1 NOT NULL,
	"package_count" integer DEFAULT 0 NOT NULL,
	"cve_count" integer DEFAULT 0 NOT NULL,
	"high_risk_cve_count" integer DEFAULT 0 NOT NULL,
	"ip_addresses" text DEFAULT '' NOT NULL,
	"provision_token_uid" uuid,
	"last_connected" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_type_chk" CHECK ("devices"."device_type" in ('linux', 'rtos')),
	CONSTRAINT "devices_risk_chk" CHECK ("devices"."risk_score" in ('High', 'Medium', 'Low'))
);
--> statement-breakpoint
CREATE TABLE "package_findings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_uid" uuid NOT NULL,
	"device_uid" uuid NOT NULL,
	"package_id" bigint NOT NULL,
	"vulnerability_uid" uuid NOT NULL,
	"score" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provision_tokens" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_uid" uuid NOT NULL,
	"name" text NOT NULL,
	"token" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by_uid" uuid,
	"created_by_email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provision_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "summaries" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_uid" uuid NOT NULL,
	"text" text NOT NULL,
	"counts" jsonb NOT NULL,
	"worst_findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vulnerabilities" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cve_id" text NOT NULL,
	"aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"score" real,
	"vector" text,
	"source" text DEFAULT 'seed' NOT NULL,
	"published_at" timestamp with time zone,
	"modified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vulnerabilities_cve_id_unique" UNIQUE("cve_id")
);
--> statement-breakpoint
CREATE TABLE "vulnerability_affected" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vulnerability_uid" uuid NOT NULL,
	"ecosystem" text NOT NULL,
	"package_name" text NOT NULL,
	"ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"versions" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_device_uid_devices_uid_fk" FOREIGN KEY ("device_uid") REFERENCES "public"."devices"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_uid_users_uid_fk" FOREIGN KEY ("created_by_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_accounts" ADD CONSTRAINT "device_accounts_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_accounts" ADD CONSTRAINT "device_accounts_device_uid_devices_uid_fk" FOREIGN KEY ("device_uid") REFERENCES "public"."devices"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_interfaces" ADD CONSTRAINT "device_interfaces_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_interfaces" ADD CONSTRAINT "device_interfaces_device_uid_devices_uid_fk" FOREIGN KEY ("device_uid") REFERENCES "public"."devices"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_packages" ADD CONSTRAINT "device_packages_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_packages" ADD CONSTRAINT "device_packages_device_uid_devices_uid_fk" FOREIGN KEY ("device_uid") REFERENCES "public"."devices"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_threads" ADD CONSTRAINT "device_threads_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_threads" ADD CONSTRAINT "device_threads_device_uid_devices_uid_fk" FOREIGN KEY ("device_uid") REFERENCES "public"."devices"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_findings" ADD CONSTRAINT "package_findings_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_findings" ADD CONSTRAINT "package_findings_device_uid_devices_uid_fk" FOREIGN KEY ("device_uid") REFERENCES "public"."devices"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_findings" ADD CONSTRAINT "package_findings_package_id_device_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."device_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_findings" ADD CONSTRAINT "package_findings_vulnerability_uid_vulnerabilities_uid_fk" FOREIGN KEY ("vulnerability_uid") REFERENCES "public"."vulnerabilities"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provision_tokens" ADD CONSTRAINT "provision_tokens_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provision_tokens" ADD CONSTRAINT "provision_tokens_created_by_uid_users_uid_fk" FOREIGN KEY ("created_by_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summaries" ADD CONSTRAINT "summaries_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vulnerability_affected" ADD CONSTRAINT "vulnerability_affected_vulnerability_uid_vulnerabilities_uid_fk" FOREIGN KEY ("vulnerability_uid") REFERENCES "public"."vulnerabilities"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agents_build_idx" ON "agents" USING btree ("device_type","architecture","version");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_tenant_elastic_id_idx" ON "alerts" USING btree ("tenant_uid","elastic_alert_id");--> statement-breakpoint
CREATE INDEX "alerts_tenant_created_idx" ON "alerts" USING btree ("tenant_uid","elastic_alert_created_at","uid");--> statement-breakpoint
CREATE INDEX "alerts_tenant_status_created_idx" ON "alerts" USING btree ("tenant_uid","status","elastic_alert_created_at");--> statement-breakpoint
CREATE INDEX "alerts_tenant_priority_idx" ON "alerts" USING btree ("tenant_uid","priority_rank","uid");--> statement-breakpoint
CREATE INDEX "alerts_tenant_name_idx" ON "alerts" USING btree ("tenant_uid","name","uid");--> statement-breakpoint
CREATE INDEX "alerts_device_idx" ON "alerts" USING btree ("tenant_uid","device_uid");--> statement-breakpoint
CREATE INDEX "api_keys_tenant_created_idx" ON "api_keys" USING btree ("tenant_uid","created_at","uid");--> statement-breakpoint
CREATE INDEX "device_accounts_device_idx" ON "device_accounts" USING btree ("tenant_uid","device_uid","uid");--> statement-breakpoint
CREATE INDEX "device_interfaces_device_idx" ON "device_interfaces" USING btree ("tenant_uid","device_uid","name");--> statement-breakpoint
CREATE INDEX "device_packages_device_name_idx" ON "device_packages" USING btree ("tenant_uid","device_uid","name","version");--> statement-breakpoint
CREATE INDEX "device_packages_source_idx" ON "device_packages" USING btree ("ecosystem","source_name");--> statement-breakpoint
CREATE INDEX "device_threads_device_idx" ON "device_threads" USING btree ("tenant_uid","device_uid","thread_name");--> statement-breakpoint
CREATE INDEX "devices_tenant_hostname_idx" ON "devices" USING btree ("tenant_uid","hostname","uid");--> statement-breakpoint
CREATE INDEX "devices_tenant_risk_idx" ON "devices" USING btree ("tenant_uid","risk_rank","uid");--> statement-breakpoint
CREATE INDEX "devices_tenant_created_idx" ON "devices" USING btree ("tenant_uid","created_at","uid");--> statement-breakpoint
CREATE INDEX "devices_tenant_connected_idx" ON "devices" USING btree ("tenant_uid","last_connected","uid");--> statement-breakpoint
CREATE INDEX "devices_tenant_cves_idx" ON "devices" USING btree ("tenant_uid","cve_count","uid");--> statement-breakpoint
CREATE INDEX "devices_tenant_type_idx" ON "devices" USING btree ("tenant_uid","device_type","uid");--> statement-breakpoint
CREATE UNIQUE INDEX "package_findings_package_vuln_idx" ON "package_findings" USING btree ("package_id","vulnerability_uid");--> statement-breakpoint
CREATE INDEX "package_findings_device_idx" ON "package_findings" USING btree ("tenant_uid","device_uid","score");--> statement-breakpoint
CREATE INDEX "package_findings_vuln_idx" ON "package_findings" USING btree ("vulnerability_uid");--> statement-breakpoint
CREATE INDEX "provision_tokens_tenant_created_idx" ON "provision_tokens" USING btree ("tenant_uid","created_at","uid");--> statement-breakpoint
CREATE INDEX "summaries_tenant_created_idx" ON "summaries" USING btree ("tenant_uid","created_at");--> statement-breakpoint
CREATE INDEX "vulnerabilities_score_idx" ON "vulnerabilities" USING btree ("score");--> statement-breakpoint
CREATE INDEX "vulnerability_affected_package_idx" ON "vulnerability_affected" USING btree ("ecosystem","package_name");--> statement-breakpoint
CREATE INDEX "vulnerability_affected_vuln_idx" ON "vulnerability_affected" USING btree ("vulnerability_uid");