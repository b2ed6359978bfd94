ALTER TABLE "vulnerability_affected" DROP CONSTRAINT "vulnerability_affected_vulnerability_uid_vulnerabilities_uid_fk";
--> statement-breakpoint
DROP INDEX "vulnerability_affected_vuln_idx";--> statement-breakpoint
ALTER TABLE "vulnerability_affected" ALTER COLUMN "osv_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "vulnerability_affected" DROP COLUMN "vulnerability_uid";