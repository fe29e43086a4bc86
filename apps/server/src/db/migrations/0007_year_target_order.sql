DROP INDEX "year_targets_year_idx";--> statement-breakpoint
ALTER TABLE "year_targets" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "year_targets_year_idx" ON "year_targets" USING btree ("cycle_year","sort_order");