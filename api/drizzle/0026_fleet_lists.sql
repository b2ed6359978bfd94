CREATE TABLE "device_ecosystem_rollups" (
	"tenant_uid" uuid NOT NULL,
	"device_uid" uuid NOT NULL,
	"ecosystem" text NOT NULL,
	"packages" integer NOT NULL,
	CONSTRAINT "device_ecosystem_rollups_tenant_uid_device_uid_ecosystem_pk" PRIMARY KEY("tenant_uid","device_uid","ecosystem")
);
--> statement-breakpoint
ALTER TABLE "device_ecosystem_rollups" ADD CONSTRAINT "device_ecosystem_rollups_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_tenant_status_name_idx" ON "alerts" USING btree ("tenant_uid","status","name","uid");--> statement-breakpoint
-- Hand-written below: device_ecosystem_rollups (src/db/schema/count-rollups.ts) kept by the
-- package trigger of migration 0024 like package_ecosystem_rollups, in the same statement; a
-- tenant being deleted is skipped (its rows go with it). Upserts take their rows in key order; an
-- INSERT only adds, so it skips the clean-up DELETEs (as migration 0025 does: this function is
-- 0025's plus the per-device rows).
CREATE OR REPLACE FUNCTION package_ecosystem_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d text;
BEGIN
  d := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT tenant_uid, device_uid, ecosystem, 1 AS sign FROM package_new'
    WHEN 'DELETE' THEN 'SELECT tenant_uid, device_uid, ecosystem, -1 AS sign FROM package_old'
    ELSE 'SELECT tenant_uid, device_uid, ecosystem, 1 AS sign FROM package_new
      UNION ALL SELECT tenant_uid, device_uid, ecosystem, -1 FROM package_old'
  END;
  EXECUTE format($q$
    WITH d AS (SELECT * FROM (%s) x WHERE EXISTS (SELECT 1 FROM tenants WHERE tenants.uid = x.tenant_uid))
    INSERT INTO package_ecosystem_rollups AS r (tenant_uid, ecosystem, packages)
    SELECT tenant_uid, ecosystem, sum(sign) FROM d GROUP BY 1, 2 HAVING sum(sign) <> 0 ORDER BY 1, 2
    ON CONFLICT (tenant_uid, ecosystem) DO UPDATE SET packages = r.packages + excluded.packages$q$, d);
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format($q$
      WITH d AS (%s)
      DELETE FROM package_ecosystem_rollups r USING (SELECT DISTINCT tenant_uid, ecosystem FROM d) k
      WHERE r.tenant_uid = k.tenant_uid AND r.ecosystem = k.ecosystem AND r.packages <= 0$q$, d);
  END IF;
  EXECUTE format($q$
    WITH d AS (SELECT * FROM (%s) x WHERE EXISTS (SELECT 1 FROM tenants WHERE tenants.uid = x.tenant_uid))
    INSERT INTO device_ecosystem_rollups AS r (tenant_uid, device_uid, ecosystem, packages)
    SELECT tenant_uid, device_uid, ecosystem, sum(sign) FROM d GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_uid, device_uid, ecosystem) DO UPDATE SET packages = r.packages + excluded.packages$q$, d);
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format($q$
      WITH d AS (%s)
      DELETE FROM device_ecosystem_rollups r USING (SELECT DISTINCT tenant_uid, device_uid, ecosystem FROM d) k
      WHERE r.tenant_uid = k.tenant_uid AND r.device_uid = k.device_uid AND r.ecosystem = k.ecosystem
        AND r.packages <= 0$q$, d);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- detect_rollups_rebuild() of migration 0024 with the per-device package counts added.
CREATE OR REPLACE FUNCTION detect_rollups_rebuild(tenant uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE package_findings f SET package_name = p.name FROM device_packages p
  WHERE f.tenant_uid = tenant AND f.package_name = '' AND p.id = f.package_id;
  DELETE FROM finding_rollups WHERE tenant_uid = tenant;
  DELETE FROM finding_device_rollups WHERE tenant_uid = tenant;
  DELETE FROM finding_name_rollups WHERE tenant_uid = tenant;
  DELETE FROM finding_cve_rollups WHERE tenant_uid = tenant;
  DELETE FROM finding_tenant_rollups WHERE tenant_uid = tenant;
  INSERT INTO finding_rollups (tenant_uid, package_name, vulnerability_uid, score, findings, demo_findings)
  SELECT tenant_uid, package_name, vulnerability_uid, score, count(*), count(*) FILTER (WHERE demo)
  FROM package_findings WHERE tenant_uid = tenant GROUP BY 1, 2, 3, 4;
  INSERT INTO finding_device_rollups (tenant_uid, package_name, device_uid, findings)
  SELECT tenant_uid, package_name, device_uid, count(*) FROM package_findings WHERE tenant_uid = tenant GROUP BY 1, 2, 3;
  INSERT INTO finding_name_rollups (tenant_uid, package_name, devices, max_score)
  SELECT tenant_uid, package_name, count(DISTINCT device_uid), max(score) FROM package_findings WHERE tenant_uid = tenant GROUP BY 1, 2;
  INSERT INTO finding_cve_rollups (tenant_uid, vulnerability_uid, findings, high_findings, demo_findings)
  SELECT tenant_uid, vulnerability_uid, count(*), count(*) FILTER (WHERE score > 7.5), count(*) FILTER (WHERE demo)
  FROM package_findings WHERE tenant_uid = tenant GROUP BY 1, 2;
  INSERT INTO finding_tenant_rollups (tenant_uid, cves, high_cves, demo_findings)
  SELECT tenant, count(*), count(*) FILTER (WHERE high_findings > 0), coalesce(sum(demo_findings), 0)
  FROM finding_cve_rollups WHERE tenant_uid = tenant;
  DELETE FROM package_ecosystem_rollups WHERE tenant_uid = tenant;
  INSERT INTO package_ecosystem_rollups (tenant_uid, ecosystem, packages)
  SELECT tenant_uid, ecosystem, count(*) FROM device_packages WHERE tenant_uid = tenant GROUP BY 1, 2;
  DELETE FROM device_ecosystem_rollups WHERE tenant_uid = tenant;
  INSERT INTO device_ecosystem_rollups (tenant_uid, device_uid, ecosystem, packages)
  SELECT tenant_uid, device_uid, ecosystem, count(*) FROM device_packages WHERE tenant_uid = tenant GROUP BY 1, 2, 3;
  DELETE FROM alert_rollups WHERE tenant_uid = tenant;
  INSERT INTO alert_rollups (tenant_uid, status, priority, priority_rank, day, alerts)
  SELECT tenant_uid, status, priority, priority_rank, (elastic_alert_created_at AT TIME ZONE 'UTC')::date, count(*)
  FROM alerts WHERE tenant_uid = tenant GROUP BY 1, 2, 3, 4, 5;
$$;
--> statement-breakpoint
-- The packages written before this migration (every tenant's).
INSERT INTO device_ecosystem_rollups (tenant_uid, device_uid, ecosystem, packages)
SELECT tenant_uid, device_uid, ecosystem, count(*) FROM device_packages GROUP BY 1, 2, 3;
