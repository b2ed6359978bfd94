-- On PGlite the matcher writes findings with session_replication_role = replica, which skips the
-- per-row foreign-key checks (a row lock on a CVE row read at random: ~a third of a fleet's first
-- match) while the insert's joins check that each finding's package, device and CVE row exist; with
-- one connection nothing can remove them in between (src/lib/vulns/match.ts). The findings' own
-- triggers must still fire there: ALWAYS makes them fire in replica mode too. No other writer uses
-- replica mode (the bench loader that bypasses triggers calls detect_rollups_rebuild() after).
ALTER TABLE package_findings ENABLE ALWAYS TRIGGER package_findings_fill_name;
--> statement-breakpoint
ALTER TABLE package_findings ENABLE ALWAYS TRIGGER package_findings_rollups_insert;
--> statement-breakpoint
ALTER TABLE package_findings ENABLE ALWAYS TRIGGER package_findings_rollups_update;
--> statement-breakpoint
ALTER TABLE package_findings ENABLE ALWAYS TRIGGER package_findings_rollups_delete;
