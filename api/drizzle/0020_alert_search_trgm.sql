-- The alert search is a substring ILIKE: trigram GIN indexes answer it without reading every alert.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "alerts_name_trgm_idx" ON "alerts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "alerts_description_trgm_idx" ON "alerts" USING gin ("description" gin_trgm_ops);
