CREATE TABLE "collection_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"form_version_id" integer NOT NULL,
	"cycle" varchar(40) NOT NULL,
	"start_date" date NOT NULL,
	"deadline" date NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_constant_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(40) NOT NULL,
	"name" varchar(60) NOT NULL,
	"remark" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_constant_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "collection_constants" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"value" varchar(100) NOT NULL,
	"label" varchar(100) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_fill_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"fill_task_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"values" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_fill_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"assignee_id" varchar(64),
	"department_id" varchar(64),
	"auditor_id" varchar(64) NOT NULL,
	"state" varchar(12) DEFAULT 'uncommitted' NOT NULL,
	"opinion" varchar(500),
	"synced" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_form_directories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" varchar(60) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_form_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"version" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"table_id" integer NOT NULL,
	"table_type" varchar(10) NOT NULL,
	"fields" jsonb NOT NULL,
	"published_by" varchar(64),
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"directory_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"table_id" integer NOT NULL,
	"table_type" varchar(10) NOT NULL,
	"table_config_id" integer,
	"remark" varchar(300),
	"fields" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"changed_since_publish" boolean DEFAULT true NOT NULL,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_synced_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"fill_task_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"row_id" integer NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collection_tasks" ADD CONSTRAINT "collection_tasks_form_version_id_collection_form_versions_id_fk" FOREIGN KEY ("form_version_id") REFERENCES "public"."collection_form_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_tasks" ADD CONSTRAINT "collection_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_constants" ADD CONSTRAINT "collection_constants_type_id_collection_constant_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."collection_constant_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_fill_rows" ADD CONSTRAINT "collection_fill_rows_fill_task_id_collection_fill_tasks_id_fk" FOREIGN KEY ("fill_task_id") REFERENCES "public"."collection_fill_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_fill_tasks" ADD CONSTRAINT "collection_fill_tasks_task_id_collection_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."collection_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_fill_tasks" ADD CONSTRAINT "collection_fill_tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_fill_tasks" ADD CONSTRAINT "collection_fill_tasks_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_fill_tasks" ADD CONSTRAINT "collection_fill_tasks_auditor_id_users_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_form_directories" ADD CONSTRAINT "collection_form_directories_parent_id_collection_form_directories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."collection_form_directories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_form_directories" ADD CONSTRAINT "collection_form_directories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_form_versions" ADD CONSTRAINT "collection_form_versions_form_id_collection_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."collection_forms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_form_versions" ADD CONSTRAINT "collection_form_versions_table_id_warehouse_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."warehouse_tables"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_form_versions" ADD CONSTRAINT "collection_form_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_forms" ADD CONSTRAINT "collection_forms_directory_id_collection_form_directories_id_fk" FOREIGN KEY ("directory_id") REFERENCES "public"."collection_form_directories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_forms" ADD CONSTRAINT "collection_forms_table_id_warehouse_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."warehouse_tables"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_forms" ADD CONSTRAINT "collection_forms_table_config_id_table_configs_id_fk" FOREIGN KEY ("table_config_id") REFERENCES "public"."table_configs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_forms" ADD CONSTRAINT "collection_forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_synced_rows" ADD CONSTRAINT "collection_synced_rows_fill_task_id_collection_fill_tasks_id_fk" FOREIGN KEY ("fill_task_id") REFERENCES "public"."collection_fill_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_synced_rows" ADD CONSTRAINT "collection_synced_rows_table_id_warehouse_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."warehouse_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_constants_type_value_idx" ON "collection_constants" USING btree ("type_id","value");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_fill_rows_task_row_idx" ON "collection_fill_rows" USING btree ("fill_task_id","row_no");--> statement-breakpoint
CREATE INDEX "collection_fill_tasks_task_idx" ON "collection_fill_tasks" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "collection_fill_tasks_assignee_idx" ON "collection_fill_tasks" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "collection_fill_tasks_department_idx" ON "collection_fill_tasks" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "collection_fill_tasks_auditor_idx" ON "collection_fill_tasks" USING btree ("auditor_id");--> statement-breakpoint
CREATE INDEX "collection_form_directories_parent_idx" ON "collection_form_directories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_form_versions_form_version_idx" ON "collection_form_versions" USING btree ("form_id","version");--> statement-breakpoint
CREATE INDEX "collection_forms_directory_idx" ON "collection_forms" USING btree ("directory_id");--> statement-breakpoint
CREATE INDEX "collection_synced_rows_fill_idx" ON "collection_synced_rows" USING btree ("fill_task_id");