CREATE TABLE "finding_cve_rollups" (
	"tenant_uid" uuid NOT NULL,
	"vulnerability_uid" uuid NOT NULL,
	"findings" integer NOT NULL,
	"high_findings" integer NOT NULL,
	"demo_findings" integer NOT NULL,
	CONSTRAINT "finding_cve_rollups_tenant_uid_vulnerability_uid_pk" PRIMARY KEY("tenant_uid","vulnerability_uid")
);
--> statement-breakpoint
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
CREATE TABLE "finding_tenant_rollups" (
	"tenant_uid" uuid PRIMARY KEY NOT NULL,
	"cves" integer NOT NULL,
	"high_cves" integer NOT NULL,
	"demo_findings" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_rollups" (
	"tenant_uid" uuid NOT NULL,
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"priority_rank" smallint NOT NULL,
	"day" date NOT NULL,
	"alerts" integer NOT NULL,
	CONSTRAINT "alert_rollups_tenant_uid_status_priority_priority_rank_day_pk" PRIMARY KEY("tenant_uid","status","priority","priority_rank","day")
);
--> statement-breakpoint
CREATE TABLE "package_ecosystem_rollups" (
	"tenant_uid" uuid NOT NULL,
	"ecosystem" text NOT NULL,
	"packages" integer NOT NULL,
	CONSTRAINT "package_ecosystem_rollups_tenant_uid_ecosystem_pk" PRIMARY KEY("tenant_uid","ecosystem")
);
--> statement-breakpoint
ALTER TABLE "package_findings" ADD COLUMN "package_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "finding_cve_rollups" ADD CONSTRAINT "finding_cve_rollups_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_device_rollups" ADD CONSTRAINT "finding_device_rollups_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_name_rollups" ADD CONSTRAINT "finding_name_rollups_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_rollups" ADD CONSTRAINT "finding_rollups_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_tenant_rollups" ADD CONSTRAINT "finding_tenant_rollups_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rollups" ADD CONSTRAINT "alert_rollups_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_ecosystem_rollups" ADD CONSTRAINT "package_ecosystem_rollups_tenant_uid_tenants_uid_fk" FOREIGN KEY ("tenant_uid") REFERENCES "public"."tenants"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
-- Every upsert below takes its rows in key order, so two writers of one tenant on PostgreSQL lock
-- shared rollup rows in the same order (fewer deadlocks; one that still happens ends its
-- request in a 503 "busy" answer).
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
    ORDER BY 1, 2, 3, 4
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
      SELECT tenant_uid, package_name, device_uid, n FROM g ORDER BY 1, 2, 3
      ON CONFLICT (tenant_uid, package_name, device_uid) DO UPDATE SET findings = r.findings + excluded.findings
      RETURNING r.tenant_uid, r.package_name, r.device_uid, r.findings),
    moves AS (
      SELECT up.tenant_uid, up.package_name,
        sum(CASE WHEN up.findings > 0 AND up.findings - g.n <= 0 THEN 1
                 WHEN up.findings <= 0 AND up.findings - g.n > 0 THEN -1 ELSE 0 END)::integer AS devices
      FROM up JOIN g ON g.tenant_uid = up.tenant_uid AND g.package_name = up.package_name AND g.device_uid = up.device_uid
      GROUP BY 1, 2)
    INSERT INTO finding_name_rollups AS r (tenant_uid, package_name, devices)
    SELECT tenant_uid, package_name, devices FROM moves WHERE devices <> 0 ORDER BY 1, 2
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
  EXECUTE format($q$
    WITH d AS (SELECT * FROM (%s) x WHERE EXISTS (SELECT 1 FROM tenants WHERE tenants.uid = x.tenant_uid)),
    -- 7.5 is HIGH_RISK_SCORE (src/lib/vulns/risk.ts): a finding above it is high risk.
    g AS (
      SELECT tenant_uid, vulnerability_uid, sum(sign)::integer AS n,
        coalesce(sum(sign) FILTER (WHERE score > 7.5), 0)::integer AS h,
        coalesce(sum(sign) FILTER (WHERE demo), 0)::integer AS dm
      FROM d GROUP BY 1, 2),
    up AS (
      INSERT INTO finding_cve_rollups AS r (tenant_uid, vulnerability_uid, findings, high_findings, demo_findings)
      SELECT tenant_uid, vulnerability_uid, n, h, dm FROM g WHERE n <> 0 OR h <> 0 OR dm <> 0 ORDER BY 1, 2
      ON CONFLICT (tenant_uid, vulnerability_uid) DO UPDATE SET findings = r.findings + excluded.findings,
        high_findings = r.high_findings + excluded.high_findings, demo_findings = r.demo_findings + excluded.demo_findings
      RETURNING r.tenant_uid, r.vulnerability_uid, r.findings, r.high_findings),
    moves AS (
      SELECT up.tenant_uid,
        sum(CASE WHEN up.findings > 0 AND up.findings - g.n <= 0 THEN 1
                 WHEN up.findings <= 0 AND up.findings - g.n > 0 THEN -1 ELSE 0 END)::integer AS cves,
        sum(CASE WHEN up.high_findings > 0 AND up.high_findings - g.h <= 0 THEN 1
                 WHEN up.high_findings <= 0 AND up.high_findings - g.h > 0 THEN -1 ELSE 0 END)::integer AS high_cves,
        sum(g.dm)::integer AS demo
      FROM up JOIN g ON g.tenant_uid = up.tenant_uid AND g.vulnerability_uid = up.vulnerability_uid
      GROUP BY 1)
    INSERT INTO finding_tenant_rollups AS r (tenant_uid, cves, high_cves, demo_findings)
    SELECT tenant_uid, cves, high_cves, demo FROM moves
    ON CONFLICT (tenant_uid) DO UPDATE SET cves = r.cves + excluded.cves, high_cves = r.high_cves + excluded.high_cves,
      demo_findings = r.demo_findings + excluded.demo_findings$q$, d);
  EXECUTE format($q$
    WITH d AS (%s)
    DELETE FROM finding_cve_rollups r USING (SELECT DISTINCT tenant_uid, vulnerability_uid FROM d) k
    WHERE r.tenant_uid = k.tenant_uid AND r.vulnerability_uid = k.vulnerability_uid AND r.findings <= 0$q$, d);
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
-- Packages per ecosystem and alerts per status, priority and UTC day, kept like the findings rollups: each
-- statement's old rows count -1 and new rows +1; a tenant being deleted is skipped (its rows go
-- with it).
CREATE FUNCTION package_ecosystem_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d text;
BEGIN
  d := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT tenant_uid, ecosystem, 1 AS sign FROM package_new'
    WHEN 'DELETE' THEN 'SELECT tenant_uid, ecosystem, -1 AS sign FROM package_old'
    ELSE 'SELECT tenant_uid, ecosystem, 1 AS sign FROM package_new UNION ALL SELECT tenant_uid, ecosystem, -1 FROM package_old'
  END;
  EXECUTE format($q$
    WITH d AS (SELECT * FROM (%s) x WHERE EXISTS (SELECT 1 FROM tenants WHERE tenants.uid = x.tenant_uid))
    INSERT INTO package_ecosystem_rollups AS r (tenant_uid, ecosystem, packages)
    SELECT tenant_uid, ecosystem, sum(sign) FROM d GROUP BY 1, 2 HAVING sum(sign) <> 0 ORDER BY 1, 2
    ON CONFLICT (tenant_uid, ecosystem) DO UPDATE SET packages = r.packages + excluded.packages$q$, d);
  EXECUTE format($q$
    WITH d AS (%s)
    DELETE FROM package_ecosystem_rollups r USING (SELECT DISTINCT tenant_uid, ecosystem FROM d) k
    WHERE r.tenant_uid = k.tenant_uid AND r.ecosystem = k.ecosystem AND r.packages <= 0$q$, d);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER device_packages_rollups_insert AFTER INSERT ON device_packages
  REFERENCING NEW TABLE AS package_new FOR EACH STATEMENT EXECUTE FUNCTION package_ecosystem_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER device_packages_rollups_update AFTER UPDATE ON device_packages
  REFERENCING OLD TABLE AS package_old NEW TABLE AS package_new FOR EACH STATEMENT EXECUTE FUNCTION package_ecosystem_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER device_packages_rollups_delete AFTER DELETE ON device_packages
  REFERENCING OLD TABLE AS package_old FOR EACH STATEMENT EXECUTE FUNCTION package_ecosystem_rollups_apply();
--> statement-breakpoint
CREATE FUNCTION alert_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d text;
BEGIN
  d := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT tenant_uid, status, priority, priority_rank, elastic_alert_created_at, 1 AS sign FROM alert_new'
    WHEN 'DELETE' THEN 'SELECT tenant_uid, status, priority, priority_rank, elastic_alert_created_at, -1 AS sign FROM alert_old'
    ELSE 'SELECT tenant_uid, status, priority, priority_rank, elastic_alert_created_at, 1 AS sign FROM alert_new
      UNION ALL SELECT tenant_uid, status, priority, priority_rank, elastic_alert_created_at, -1 FROM alert_old'
  END;
  EXECUTE format($q$
    WITH d AS (SELECT * FROM (%s) x WHERE EXISTS (SELECT 1 FROM tenants WHERE tenants.uid = x.tenant_uid))
    INSERT INTO alert_rollups AS r (tenant_uid, status, priority, priority_rank, day, alerts)
    SELECT tenant_uid, status, priority, priority_rank, (elastic_alert_created_at AT TIME ZONE 'UTC')::date, sum(sign)
    FROM d GROUP BY 1, 2, 3, 4, 5 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tenant_uid, status, priority, priority_rank, day) DO UPDATE SET alerts = r.alerts + excluded.alerts$q$, d);
  EXECUTE format($q$
    WITH d AS (%s)
    DELETE FROM alert_rollups r
    USING (SELECT DISTINCT tenant_uid, status, priority, (elastic_alert_created_at AT TIME ZONE 'UTC')::date AS day FROM d) k
    WHERE r.tenant_uid = k.tenant_uid AND r.status = k.status AND r.priority = k.priority AND r.day = k.day
      AND r.alerts <= 0$q$, d);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER alerts_rollups_insert AFTER INSERT ON alerts
  REFERENCING NEW TABLE AS alert_new FOR EACH STATEMENT EXECUTE FUNCTION alert_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER alerts_rollups_update AFTER UPDATE ON alerts
  REFERENCING OLD TABLE AS alert_old NEW TABLE AS alert_new FOR EACH STATEMENT EXECUTE FUNCTION alert_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER alerts_rollups_delete AFTER DELETE ON alerts
  REFERENCING OLD TABLE AS alert_old FOR EACH STATEMENT EXECUTE FUNCTION alert_rollups_apply();
--> statement-breakpoint
-- A tenant's rollups (these and the package and alert counts below) recomputed from its rows: after a bulk load that bypassed the triggers
-- (session_replication_role = replica, as bench/lib/fleet-data.mjs loads), and below for the
-- findings that exist before this migration.
CREATE FUNCTION detect_rollups_rebuild(tenant uuid) RETURNS void LANGUAGE sql AS $$
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
  DELETE FROM alert_rollups WHERE tenant_uid = tenant;
  INSERT INTO alert_rollups (tenant_uid, status, priority, priority_rank, day, alerts)
  SELECT tenant_uid, status, priority, priority_rank, (elastic_alert_created_at AT TIME ZONE 'UTC')::date, count(*)
  FROM alerts WHERE tenant_uid = tenant GROUP BY 1, 2, 3, 4, 5;
$$;
--> statement-breakpoint
-- The UPDATE above fires the rollup trigger on rows the DELETEs then clear: harmless, and only
-- for findings written before this migration.
SELECT detect_rollups_rebuild(uid) FROM tenants;
