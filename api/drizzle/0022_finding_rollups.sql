CREATE TABLE "finding_device_rollups" (
	"tenant_uid" uuid NOT NULL,
	"package_name" text NOT NULL,
	"device_uid" uuid NOT NULL,
	"findings" integer NOT NULL,
	CONSTRAINT "finding_device_rollups_tenant_uid_package_name_device_uid_pk" PRIMARY KEY("tenant_uid","package_name","device_uid")
);
--> statement-breakpoint
CREATE TABLE "finding_name_rollups" (
	"tenant_uid" uuid NOT NULL,
	"package_name" text NOT NULL,
	"devices" integer NOT NULL,
	"max_score" real,
	CONSTRAINT "finding_name_rollups_tenant_uid_package_name_pk" PRIMARY KEY("tenant_uid","package_name")
);
--> statement-breakpoint
CREATE TABLE "finding_rollups" (
	"tenant_uid" uuid NOT NULL,
	"package_name" text NOT NULL,
	"vulnerability_uid" uuid NOT NULL,
	"score" real,
	"findings" integer NOT NULL,
	"demo_findings" integer NOT NULL,
	CONSTRAINT "finding_rollups_key" UNIQUE NULLS NOT DISTINCT("tenant_uid","package_name","vulnerability_uid","score")
);
--> statement-breakpoint
ALTER TABLE "package_findings" ADD COLUMN "package_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "finding_device_rollups" ADD CONSTRAINT "finding_device_rollups_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_name_rollups" ADD CONSTRAINT "finding_name_rollups_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_rollups" ADD CONSTRAINT "finding_rollups_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finding_name_rollups_top_idx" ON "finding_name_rollups" USING btree ("tenant_uid","devices" DESC NULLS LAST,"max_score" DESC NULLS LAST,"package_name");--> statement-breakpoint
CREATE INDEX "finding_rollups_vuln_idx" ON "finding_rollups" USING btree ("vulnerability_uid");--> statement-breakpoint
CREATE INDEX "finding_rollups_score_idx" ON "finding_rollups" USING btree ("tenant_uid","score" DESC NULLS LAST);--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model functions or triggers): the rollups of
-- package_findings (src/db/schema/finding-rollups.ts) kept exact by statement triggers, in the
-- same transaction as every write to the findings, cascades from devices, packages and CVE rows
-- included. A finding's package name is filled from device_packages when the writer leaves it empty.
CREATE FUNCTION package_findings_fill_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.package_name = '' THEN
    NEW.package_name := coalesce((SELECT p.name FROM device_packages p WHERE p.id = NEW.package_id), '');
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER package_findings_fill_name BEFORE INSERT ON package_findings
  FOR EACH ROW EXECUTE FUNCTION package_findings_fill_name();
--> statement-breakpoint
-- Applies one statement's changed findings (its transition tables) to the three rollups: each
-- old row counts -1 and each new row +1, then rows whose count reached 0 are deleted, a package
-- name's device count moves when a device's first finding in it comes or its last goes, and the
-- name's worst score is re-read from finding_rollups (a handful of rows per name). Findings of a
-- tenant being deleted are skipped: its rollups go with it (foreign key), and counting them down
-- would insert rows for a tenant that is gone.
CREATE FUNCTION finding_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d text;
BEGIN
  d := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT tenant_uid, package_name, device_uid, vulnerability_uid, score, demo, 1 AS sign FROM finding_new'
    WHEN 'DELETE' THEN 'SELECT tenant_uid, package_name, device_uid, vulnerability_uid, score, demo, -1 AS sign FROM finding_old'
    ELSE 'SELECT tenant_uid, package_name, device_uid, vulnerability_uid, score, demo, 1 AS sign FROM finding_new
      UNION ALL SELECT tenant_uid, package_name, device_uid, vulnerability_uid, score, demo, -1 FROM finding_old'
  END;
  EXECUTE format($q$
    WITH d AS (SELECT * FROM (%s) x WHERE EXISTS (SELECT 1 FROM tenants WHERE tenants.uid = x.tenant_uid))
    INSERT INTO finding_rollups AS r (tenant_uid, package_name, vulnerability_uid, score, findings, demo_findings)
    SELECT tenant_uid, package_name, vulnerability_uid, score, sum(sign), coalesce(sum(sign) FILTER (WHERE demo), 0)
    FROM d GROUP BY 1, 2, 3, 4
    HAVING sum(sign) <> 0 OR coalesce(sum(sign) FILTER (WHERE demo), 0) <> 0
    ON CONFLICT ON CONSTRAINT finding_rollups_key DO UPDATE
      SET findings = r.findings + excluded.findings, demo_findings = r.demo_findings + excluded.demo_findings$q$, d);
  EXECUTE format($q$
    WITH d AS (SELECT * FROM (%s) x WHERE EXISTS (SELECT 1 FROM tenants WHERE tenants.uid = x.tenant_uid))
    DELETE FROM finding_rollups r USING (SELECT DISTINCT tenant_uid, package_name, vulnerability_uid, score FROM d) k
    WHERE r.tenant_uid = k.tenant_uid AND r.package_name = k.package_name AND r.vulnerability_uid = k.vulnerability_uid
      AND r.score IS NOT DISTINCT FROM k.score AND r.findings <= 0$q$, d);
  EXECUTE format($q$
    WITH d AS (SELECT * FROM (%s) x WHERE EXISTS (SELECT 1 FROM tenants WHERE tenants.uid = x.tenant_uid)),
    g AS (SELECT tenant_uid, package_name, device_uid, sum(sign)::integer AS n FROM d GROUP BY 1, 2, 3 HAVING sum(sign) <> 0),
    up AS (
      INSERT INTO finding_device_rollups AS r (tenant_uid, package_name, device_uid, findings)
      SELECT tenant_uid, package_name, device_uid, n FROM g
      ON CONFLICT (tenant_uid, package_name, device_uid) DO UPDATE SET findings = r.findings + excluded.findings
      RETURNING r.tenant_uid, r.package_name, r.device_uid, r.findings),
    moves AS (
      SELECT up.tenant_uid, up.package_name,
        sum(CASE WHEN up.findings > 0 AND up.findings - g.n <= 0 THEN 1
                 WHEN up.findings <= 0 AND up.findings - g.n > 0 THEN -1 ELSE 0 END)::integer AS devices
      FROM up JOIN g ON g.tenant_uid = up.tenant_uid AND g.package_name = up.package_name AND g.device_uid = up.device_uid
      GROUP BY 1, 2)
    INSERT INTO finding_name_rollups AS r (tenant_uid, package_name, devices)
    SELECT tenant_uid, package_name, devices FROM moves WHERE devices <> 0
    ON CONFLICT (tenant_uid, package_name) DO UPDATE SET devices = r.devices + excluded.devices$q$, d);
  EXECUTE format($q$
    WITH d AS (SELECT * FROM (%s) x WHERE EXISTS (SELECT 1 FROM tenants WHERE tenants.uid = x.tenant_uid))
    DELETE FROM finding_device_rollups r USING (SELECT DISTINCT tenant_uid, package_name, device_uid FROM d) k
    WHERE r.tenant_uid = k.tenant_uid AND r.package_name = k.package_name AND r.device_uid = k.device_uid
      AND r.findings <= 0$q$, d);
  EXECUTE format($q$
    WITH d AS (SELECT * FROM (%s) x WHERE EXISTS (SELECT 1 FROM tenants WHERE tenants.uid = x.tenant_uid))
    UPDATE finding_name_rollups r SET max_score = (
      SELECT max(f.score) FROM finding_rollups f WHERE f.tenant_uid = r.tenant_uid AND f.package_name = r.package_name)
    FROM (SELECT DISTINCT tenant_uid, package_name FROM d) k
    WHERE r.tenant_uid = k.tenant_uid AND r.package_name = k.package_name$q$, d);
  EXECUTE format($q$
    WITH d AS (SELECT * FROM (%s) x WHERE EXISTS (SELECT 1 FROM tenants WHERE tenants.uid = x.tenant_uid))
    DELETE FROM finding_name_rollups r USING (SELECT DISTINCT tenant_uid, package_name FROM d) k
    WHERE r.tenant_uid = k.tenant_uid AND r.package_name = k.package_name AND r.devices <= 0$q$, d);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER package_findings_rollups_insert AFTER INSERT ON package_findings
  REFERENCING NEW TABLE AS finding_new FOR EACH STATEMENT EXECUTE FUNCTION finding_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER package_findings_rollups_update AFTER UPDATE ON package_findings
  REFERENCING OLD TABLE AS finding_old NEW TABLE AS finding_new FOR EACH STATEMENT EXECUTE FUNCTION finding_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER package_findings_rollups_delete AFTER DELETE ON package_findings
  REFERENCING OLD TABLE AS finding_old FOR EACH STATEMENT EXECUTE FUNCTION finding_rollups_apply();
--> statement-breakpoint
-- A tenant's rollups recomputed from its findings: after a bulk load that bypassed the triggers
-- (session_replication_role = replica, as bench/lib/fleet-data.mjs loads), and below for the
-- findings that exist before this migration.
CREATE FUNCTION finding_rollups_rebuild(tenant uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE package_findings f SET package_name = p.name FROM device_packages p
  WHERE f.tenant_uid = tenant AND f.package_name = '' AND p.id = f.package_id;
  DELETE FROM finding_rollups WHERE tenant_uid = tenant;
  DELETE FROM finding_device_rollups WHERE tenant_uid = tenant;
  DELETE FROM finding_name_rollups WHERE tenant_uid = tenant;
  INSERT INTO finding_rollups (tenant_uid, package_name, vulnerability_uid, score, findings, demo_findings)
  SELECT tenant_uid, package_name, vulnerability_uid, score, count(*), count(*) FILTER (WHERE demo)
  FROM package_findings WHERE tenant_uid = tenant GROUP BY 1, 2, 3, 4;
  INSERT INTO finding_device_rollups (tenant_uid, package_name, device_uid, findings)
  SELECT tenant_uid, package_name, device_uid, count(*) FROM package_findings WHERE tenant_uid = tenant GROUP BY 1, 2, 3;
  INSERT INTO finding_name_rollups (tenant_uid, package_name, devices, max_score)
  SELECT tenant_uid, package_name, count(DISTINCT device_uid), max(score) FROM package_findings WHERE tenant_uid = tenant GROUP BY 1, 2;
$$;
--> statement-breakpoint
-- The UPDATE above fires the rollup trigger on rows the DELETEs then clear: harmless, and only
-- for findings written before this migration.
SELECT finding_rollups_rebuild(uid) FROM tenants;
