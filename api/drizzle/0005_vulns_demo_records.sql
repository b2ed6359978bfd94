-- Affected rows used to hang straight off a CVE row (only the demo seed wrote them). From now on
-- they belong to an OSV record: give each such CVE a demo record "DEMO-<cve id>" that speaks for it,
-- so matching keeps finding what the seed described.
INSERT INTO "osv_records" ("id", "summary", "details", "score", "source")
SELECT DISTINCT 'DEMO-' || v."cve_id", v."summary", v."description", v."score", 'seed'
FROM "vulnerability_affected" a JOIN "vulnerabilities" v ON v."uid" = a."vulnerability_uid"
WHERE a."osv_id" IS NULL
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "osv_record_vulnerabilities" ("osv_id", "vulnerability_uid", "relation")
SELECT DISTINCT 'DEMO-' || v."cve_id", v."uid", 2
FROM "vulnerability_affected" a JOIN "vulnerabilities" v ON v."uid" = a."vulnerability_uid"
WHERE a."osv_id" IS NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "vulnerability_affected" a SET "osv_id" = 'DEMO-' || v."cve_id"
FROM "vulnerabilities" v
WHERE v."uid" = a."vulnerability_uid" AND a."osv_id" IS NULL;
--> statement-breakpoint
DELETE FROM "vulnerability_affected" WHERE "osv_id" IS NULL;
