ALTER TABLE "data_sources" ADD COLUMN "schemas" varchar(63)[] DEFAULT '{public}'::varchar(63)[] NOT NULL;--> statement-breakpoint
ALTER TABLE "standard_depot" ADD COLUMN "source_system_id" integer;--> statement-breakpoint
ALTER TABLE "standard_depot" ADD CONSTRAINT "standard_depot_source_system_id_standard_systems_id_fk" FOREIGN KEY ("source_system_id") REFERENCES "public"."standard_systems"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written (issue 28): a source's one schema of before (public when none) becomes its only declared schema.
UPDATE "data_sources" SET "schemas" = ARRAY[coalesce(nullif("schema", ''), 'public')]::varchar(63)[];--> statement-breakpoint
ALTER TABLE "data_sources" DROP COLUMN "schema";