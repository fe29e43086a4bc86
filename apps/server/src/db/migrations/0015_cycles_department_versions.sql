CREATE TABLE "department_version_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"department_id" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"parent_id" varchar(32),
	"head_id" varchar(64),
	"head_name" varchar(100),
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "department_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"effective_date" date NOT NULL,
	"note" varchar(300),
	"enabled" boolean DEFAULT false NOT NULL,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "department_version_items" ADD CONSTRAINT "department_version_items_version_id_department_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."department_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "department_version_items_uq" ON "department_version_items" USING btree ("version_id","department_id");--> statement-breakpoint
CREATE INDEX "department_version_items_version_idx" ON "department_version_items" USING btree ("version_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "department_versions_name_uq" ON "department_versions" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "department_versions_one_enabled_uq" ON "department_versions" USING btree ("enabled") WHERE "department_versions"."enabled";--> statement-breakpoint
CREATE UNIQUE INDEX "cycle_values_one_default_uq" ON "cycle_values" USING btree ("cycle_type_id") WHERE "cycle_values"."is_default";