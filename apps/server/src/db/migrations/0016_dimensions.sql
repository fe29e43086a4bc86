CREATE TABLE "department_duties" (
	"department_id" varchar(32) NOT NULL,
	"object_id" integer NOT NULL,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "department_duties_department_id_object_id_pk" PRIMARY KEY("department_id","object_id")
);
--> statement-breakpoint
CREATE TABLE "dimension_objects" (
	"id" serial PRIMARY KEY NOT NULL,
	"dimension_id" integer NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(100) NOT NULL,
	"parent_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "department_duties" ADD CONSTRAINT "department_duties_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_duties" ADD CONSTRAINT "department_duties_object_id_dimension_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."dimension_objects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_duties" ADD CONSTRAINT "department_duties_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimension_objects" ADD CONSTRAINT "dimension_objects_dimension_id_dimensions_id_fk" FOREIGN KEY ("dimension_id") REFERENCES "public"."dimensions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimension_objects" ADD CONSTRAINT "dimension_objects_parent_id_dimension_objects_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."dimension_objects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimension_objects" ADD CONSTRAINT "dimension_objects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "department_duties_object_uq" ON "department_duties" USING btree ("object_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dimension_objects_type_code_uq" ON "dimension_objects" USING btree ("dimension_id","code");--> statement-breakpoint
CREATE INDEX "dimension_objects_type_order_idx" ON "dimension_objects" USING btree ("dimension_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "dimension_objects_type_name_idx" ON "dimension_objects" USING btree ("dimension_id","name");--> statement-breakpoint
CREATE INDEX "dimension_objects_parent_idx" ON "dimension_objects" USING btree ("parent_id");