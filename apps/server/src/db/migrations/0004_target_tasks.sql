CREATE TABLE "department_chargers" (
	"department_id" varchar(32) NOT NULL,
	"user_id" varchar(64) NOT NULL,
	CONSTRAINT "department_chargers_department_id_user_id_pk" PRIMARY KEY("department_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "target_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"year_target_id" integer NOT NULL,
	"parent_id" integer,
	"depth" smallint DEFAULT 1 NOT NULL,
	"name" varchar(300) NOT NULL,
	"task_type" varchar(1) NOT NULL,
	"department_id" varchar(32),
	"owner_id" varchar(64),
	"auditor_id" varchar(64),
	"creator_id" varchar(64) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"cycle_type_id" integer,
	"cycle_values" text DEFAULT '' NOT NULL,
	"weight" numeric(6, 2) DEFAULT 0 NOT NULL,
	"mission" varchar(1000),
	"status" varchar(16) DEFAULT 'notPushed' NOT NULL,
	"audit_status" smallint,
	"audit_reason" varchar(500),
	"progress" numeric(5, 2) DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "target_tasks_dates_chk" CHECK ("target_tasks"."end_date" >= "target_tasks"."start_date")
);
--> statement-breakpoint
CREATE TABLE "task_coop_departments" (
	"task_id" integer NOT NULL,
	"department_id" varchar(32) NOT NULL,
	CONSTRAINT "task_coop_departments_task_id_department_id_pk" PRIMARY KEY("task_id","department_id")
);
--> statement-breakpoint
CREATE TABLE "year_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(300) NOT NULL,
	"cycle_year" integer NOT NULL,
	"charge_department_id" varchar(32) NOT NULL,
	"auditor_id" varchar(64),
	"creator_id" varchar(64) NOT NULL,
	"status" varchar(16) DEFAULT 'waitResolve' NOT NULL,
	"description" varchar(1000),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "department_chargers" ADD CONSTRAINT "department_chargers_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_chargers" ADD CONSTRAINT "department_chargers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_tasks" ADD CONSTRAINT "target_tasks_year_target_id_year_targets_id_fk" FOREIGN KEY ("year_target_id") REFERENCES "public"."year_targets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_tasks" ADD CONSTRAINT "target_tasks_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_tasks" ADD CONSTRAINT "target_tasks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_tasks" ADD CONSTRAINT "target_tasks_auditor_id_users_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_tasks" ADD CONSTRAINT "target_tasks_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_tasks" ADD CONSTRAINT "target_tasks_cycle_type_id_cycle_types_id_fk" FOREIGN KEY ("cycle_type_id") REFERENCES "public"."cycle_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_coop_departments" ADD CONSTRAINT "task_coop_departments_task_id_target_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."target_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_coop_departments" ADD CONSTRAINT "task_coop_departments_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_targets" ADD CONSTRAINT "year_targets_charge_department_id_departments_id_fk" FOREIGN KEY ("charge_department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_targets" ADD CONSTRAINT "year_targets_auditor_id_users_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_targets" ADD CONSTRAINT "year_targets_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "department_chargers_user_idx" ON "department_chargers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "target_tasks_year_target_idx" ON "target_tasks" USING btree ("year_target_id","parent_id");--> statement-breakpoint
CREATE INDEX "target_tasks_department_idx" ON "target_tasks" USING btree ("department_id","status");--> statement-breakpoint
CREATE INDEX "target_tasks_owner_idx" ON "target_tasks" USING btree ("owner_id","status");--> statement-breakpoint
CREATE INDEX "target_tasks_auditor_idx" ON "target_tasks" USING btree ("auditor_id","audit_status");--> statement-breakpoint
CREATE INDEX "target_tasks_parent_idx" ON "target_tasks" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "target_tasks_end_idx" ON "target_tasks" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "task_coop_dept_idx" ON "task_coop_departments" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "year_targets_year_idx" ON "year_targets" USING btree ("cycle_year");