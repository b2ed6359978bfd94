ALTER TABLE "insight_sboms" ADD COLUMN "packages" text[];--> statement-breakpoint
ALTER TABLE "osv_records" ADD COLUMN "links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "osv_records" ADD COLUMN "cwes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "insight_sboms_packages_idx" ON "insight_sboms" USING gin ("packages");