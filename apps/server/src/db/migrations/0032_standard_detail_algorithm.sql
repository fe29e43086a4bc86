ALTER TABLE "diagnosis_rows" ADD COLUMN "detail_rule" integer;--> statement-breakpoint
ALTER TABLE "standard_nodes" ADD COLUMN "detail_rule" integer;