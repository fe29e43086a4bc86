CREATE TABLE "file_shares" (
	"file_id" varchar(64) NOT NULL,
	"user_id" varchar(64) NOT NULL,
	"shared_by" varchar(64),
	"shared_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_shares_file_id_user_id_pk" PRIMARY KEY("file_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "data_sources" ADD COLUMN "schemas" varchar(63)[] DEFAULT '{public}'::varchar(63)[] NOT NULL;--> statement-breakpoint
ALTER TABLE "standard_depot" ADD COLUMN "source_system_id" integer;--> statement-breakpoint
ALTER TABLE "file_shares" ADD CONSTRAINT "file_shares_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_shares" ADD CONSTRAINT "file_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_shares" ADD CONSTRAINT "file_shares_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_shares_user_idx" ON "file_shares" USING btree ("user_id","shared_at");--> statement-breakpoint
ALTER TABLE "standard_depot" ADD CONSTRAINT "standard_depot_source_system_id_standard_systems_id_fk" FOREIGN KEY ("source_system_id") REFERENCES "public"."standard_systems"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written (issue 28): a source's one schema of before (public when none) becomes its only declared schema.
UPDATE "data_sources" SET "schemas" = ARRAY[coalesce(nullif("schema", ''), 'public')]::varchar(63)[];--> statement-breakpoint
ALTER TABLE "data_sources" DROP COLUMN "schema";