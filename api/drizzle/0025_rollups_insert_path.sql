-- The rollup triggers of 0024, cheaper for the write the matcher and the inventory make most:
-- an INSERT. Its rows only add to the counts, so no rollup row can have reached zero (the DELETEs
-- that clear such rows are skipped) and a package name's worst score can only rise to that of its
-- new findings (no re-read of finding_rollups). On PGlite these statements were about a third of
-- a device's first match (bench/vuln-matching.mjs prints the time spent inside them).
--> statement-breakpoint
CREATE OR REPLACE FUNCTION finding_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format($q$
      WITH d AS (SELECT * FROM (%s) x WHERE EXISTS (SELECT 1 FROM tenants WHERE tenants.uid = x.tenant_uid))
      DELETE FROM finding_rollups r USING (SELECT DISTINCT tenant_uid, package_name, vulnerability_uid, score FROM d) k
      WHERE r.tenant_uid = k.tenant_uid AND r.package_name = k.package_name AND r.vulnerability_uid = k.vulnerability_uid
        AND r.score IS NOT DISTINCT FROM k.score AND r.findings <= 0$q$, d);
  END IF;
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
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format($q$
      WITH d AS (SELECT * FROM (%s) x WHERE EXISTS (SELECT 1 FROM tenants WHERE tenants.uid = x.tenant_uid))
      DELETE FROM finding_device_rollups r USING (SELECT DISTINCT tenant_uid, package_name, device_uid FROM d) k
      WHERE r.tenant_uid = k.tenant_uid AND r.package_name = k.package_name AND r.device_uid = k.device_uid
        AND r.findings <= 0$q$, d);
  END IF;
  IF TG_OP = 'INSERT' THEN
    -- Findings only came: a name's worst score can only rise to the worst of its new ones.
    EXECUTE format($q$
      WITH d AS (SELECT * FROM (%s) x WHERE EXISTS (SELECT 1 FROM tenants WHERE tenants.uid = x.tenant_uid)),
      k AS (SELECT tenant_uid, package_name, max(score) AS score FROM d GROUP BY 1, 2)
      UPDATE finding_name_rollups r SET max_score = k.score FROM k
      WHERE r.tenant_uid = k.tenant_uid AND r.package_name = k.package_name
        AND k.score > coalesce(r.max_score, '-Infinity'::real)$q$, d);
  ELSE
    EXECUTE format($q$
      WITH d AS (SELECT * FROM (%s) x WHERE EXISTS (SELECT 1 FROM tenants WHERE tenants.uid = x.tenant_uid))
      UPDATE finding_name_rollups r SET max_score = (
        SELECT max(f.score) FROM finding_rollups f WHERE f.tenant_uid = r.tenant_uid AND f.package_name = r.package_name)
      FROM (SELECT DISTINCT tenant_uid, package_name FROM d) k
      WHERE r.tenant_uid = k.tenant_uid AND r.package_name = k.package_name$q$, d);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format($q$
      WITH d AS (SELECT * FROM (%s) x WHERE EXISTS (SELECT 1 FROM tenants WHERE tenants.uid = x.tenant_uid))
      DELETE FROM finding_name_rollups r USING (SELECT DISTINCT tenant_uid, package_name FROM d) k
      WHERE r.tenant_uid = k.tenant_uid AND r.package_name = k.package_name AND r.devices <= 0$q$, d);
  END IF;
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
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format($q$
      WITH d AS (%s)
      DELETE FROM finding_cve_rollups r USING (SELECT DISTINCT tenant_uid, vulnerability_uid FROM d) k
      WHERE r.tenant_uid = k.tenant_uid AND r.vulnerability_uid = k.vulnerability_uid AND r.findings <= 0$q$, d);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION package_ecosystem_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format($q$
      WITH d AS (%s)
      DELETE FROM package_ecosystem_rollups r USING (SELECT DISTINCT tenant_uid, ecosystem FROM d) k
      WHERE r.tenant_uid = k.tenant_uid AND r.ecosystem = k.ecosystem AND r.packages <= 0$q$, d);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION alert_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format($q$
      WITH d AS (%s)
      DELETE FROM alert_rollups r
      USING (SELECT DISTINCT tenant_uid, status, priority, (elastic_alert_created_at AT TIME ZONE 'UTC')::date AS day FROM d) k
      WHERE r.tenant_uid = k.tenant_uid AND r.status = k.status AND r.priority = k.priority AND r.day = k.day
        AND r.alerts <= 0$q$, d);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The matcher now writes each finding's package name itself: the row trigger runs only for
-- writers that leave it empty (a WHEN clause costs no function call per row).
DROP TRIGGER package_findings_fill_name ON package_findings;
--> statement-breakpoint
CREATE TRIGGER package_findings_fill_name BEFORE INSERT ON package_findings
  FOR EACH ROW WHEN (NEW.package_name = '') EXECUTE FUNCTION package_findings_fill_name();
