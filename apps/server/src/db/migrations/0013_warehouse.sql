-- The data warehouse (issue 17 item 4): warehouses -> tables -> fields, and the schema `warehouse` that holds the
-- physical tables created from them at run time (创建物理表); those tables are never made by migrations.
CREATE SCHEMA "warehouse";
--> statement-breakpoint
CREATE TABLE "warehouse_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_id" integer NOT NULL,
	"name" varchar(63) NOT NULL,
	"label" varchar(60) NOT NULL,
	"type" varchar(10) NOT NULL,
	"length" integer,
	"scale" smallint,
	"required" boolean DEFAULT false NOT NULL,
	"unique" boolean DEFAULT false NOT NULL,
	"dimension_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_tables" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"name" varchar(63) NOT NULL,
	"label" varchar(60) NOT NULL,
	"remark" varchar(300),
	"physical" boolean DEFAULT false NOT NULL,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_tables_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"remark" varchar(300),
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouses_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "warehouse_fields" ADD CONSTRAINT "warehouse_fields_table_id_warehouse_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."warehouse_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_fields" ADD CONSTRAINT "warehouse_fields_dimension_id_dimensions_id_fk" FOREIGN KEY ("dimension_id") REFERENCES "public"."dimensions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_tables" ADD CONSTRAINT "warehouse_tables_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_tables" ADD CONSTRAINT "warehouse_tables_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_fields_table_name_idx" ON "warehouse_fields" USING btree ("table_id","name");--> statement-breakpoint
CREATE INDEX "warehouse_tables_warehouse_idx" ON "warehouse_tables" USING btree ("warehouse_id");