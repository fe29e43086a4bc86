ALTER TABLE "algorithm_runs" ADD COLUMN "data_source_id" integer;--> statement-breakpoint
ALTER TABLE "algorithm_versions" ADD COLUMN "data_source_id" integer;--> statement-breakpoint
CREATE INDEX "algorithm_versions_data_source_idx" ON "algorithm_versions" USING btree ("data_source_id");