CREATE TABLE "alert_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_uid" uuid NOT NULL,
	"alert_uid" uuid NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_uid" uuid,
	"actor_label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_status_history_from_chk" CHECK ("alert_status_history"."from_status" in ('OPEN', 'CLOSED')),
	CONSTRAINT "alert_status_history_to_chk" CHECK ("alert_status_history"."to_status" in ('OPEN', 'CLOSED')),
	CONSTRAINT "alert_status_history_actor_chk" CHECK ("alert_status_history"."actor_kind" in ('user', 'api-key', 'system'))
);
--> statement-breakpoint
CREATE TABLE "credential_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_uid" uuid NOT NULL,
	"credential_kind" text NOT NULL,
	"credential_uid" uuid NOT NULL,
	"credential_name" text NOT NULL,
	"action" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_uid" uuid,
	"actor_label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credential_events_kind_chk" CHECK ("credential_events"."credential_kind" in ('provision-token', 'api-key')),
	CONSTRAINT "credential_events_action_chk" CHECK ("credential_events"."action" in ('created', 'renamed', 'enabled', 'disabled', 'deleted')),
	CONSTRAINT "credential_events_actor_chk" CHECK ("credential_events"."actor_kind" in ('user', 'api-key', 'system'))
);
--> statement-breakpoint
ALTER TABLE "alert_status_history" ADD CONSTRAINT "alert_status_history_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_status_history" ADD CONSTRAINT "alert_status_history_alert_uid_alerts_uid_fk" FOREIGN KEY ("alert_uid") REFERENCES "public"."alerts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_events" ADD CONSTRAINT "credential_events_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_status_history_alert_idx" ON "alert_status_history" USING btree ("tenant_uid","alert_uid","created_at","id");--> statement-breakpoint
CREATE INDEX "credential_events_tenant_idx" ON "credential_events" USING btree ("tenant_uid","credential_kind","created_at","id");--> statement-breakpoint
CREATE INDEX "credential_events_credential_idx" ON "credential_events" USING btree ("tenant_uid","credential_uid","created_at","id");--> statement-breakpoint
CREATE INDEX "alerts_tenant_rule_idx" ON "alerts" USING btree ("tenant_uid","elastic_rule_name","elastic_alert_created_at");