ALTER TABLE "data_sources" ADD COLUMN "schemas" varchar(63)[] DEFAULT '{public}'::varchar(63)[] NOT NULL;--> statement-breakpoint
-- hand-written (issue 28): a source's one schema of before (public when none) becomes its only declared schema.
UPDATE "data_sources" SET "schemas" = ARRAY[coalesce(nullif("schema", ''), 'public')]::varchar(63)[];--> statement-breakpoint
ALTER TABLE "data_sources" DROP COLUMN "schema";