CREATE TABLE "insight_license_policies" (
	"tenant_uid" uuid PRIMARY KEY NOT NULL,
	"denied" text[] DEFAULT '{}'::text[] NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_uid" uuid,
	"actor_label" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_license_policies_actor_chk" CHECK ("insight_license_policies"."actor_kind" in ('user', 'api-key', 'system'))
);
--> statement-breakpoint
ALTER TABLE "insight_license_policies" ADD CONSTRAINT "insight_license_policies_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;