CREATE TABLE "diagnosis_audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"object_task_id" integer NOT NULL,
	"row_id" integer,
	"stage" varchar(10) NOT NULL,
	"action" varchar(12) NOT NULL,
	"actor_id" varchar(64) NOT NULL,
	"reason" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagnosis_object_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"object_code" varchar(100) NOT NULL,
	"object_name" varchar(200) NOT NULL,
	"department_id" varchar(32),
	"charger_id" varchar(64),
	"system_id" integer NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"target_state" varchar(16) DEFAULT 'tosubmit' NOT NULL,
	"score" double precision,
	"scored_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagnosis_object_users" (
	"object_task_id" integer NOT NULL,
	"user_id" varchar(64) NOT NULL,
	"kind" varchar(10) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagnosis_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"object_task_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"node_source_key" integer NOT NULL,
	"sort" integer NOT NULL,
	"levels" jsonb NOT NULL,
	"name" varchar(60) NOT NULL,
	"zlx" varchar(10) NOT NULL,
	"nh" text,
	"zdbz" text,
	"bzz" varchar(100),
	"fsdl" boolean DEFAULT false NOT NULL,
	"cal_rule" integer,
	"direction" varchar(10),
	"grade_rule" jsonb,
	"warning_rule" jsonb,
	"mbz" varchar(40),
	"xzmbz" varchar(40),
	"xzmbz_reason" varchar(500),
	"xzmbz_state" varchar(12) DEFAULT 'none' NOT NULL,
	"xzmbz_pending" varchar(40),
	"jgz" varchar(40),
	"xzjgz" varchar(40),
	"xzjgz_reason" varchar(500),
	"xzjgz_state" varchar(12) DEFAULT 'none' NOT NULL,
	"xzjgz_pending" varchar(40),
	"jgdj" varchar(2),
	"unfin" boolean DEFAULT false NOT NULL,
	"dis" boolean DEFAULT false NOT NULL,
	"sljsz" varchar(40),
	"sldj" varchar(2),
	"yyfx" varchar(500),
	"gjcs" varchar(500),
	"computed_at" timestamp with time zone,
	"last_run_id" integer,
	"last_error" varchar(500),
	"entered_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "diagnosis_samples" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"row_id" integer NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"value" varchar(40),
	"run_id" integer,
	"actor_id" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "diagnosis_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"cycle_value_id" integer NOT NULL,
	"year" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"standard_system_id" integer NOT NULL,
	"dimension" varchar(64) NOT NULL,
	"publish_department_id" varchar(32),
	"monitor_id" varchar(64),
	"auditor_id" varchar(64),
	"state" varchar(16) DEFAULT 'normal' NOT NULL,
	"created_by" varchar(64) NOT NULL,
	"computed_at" timestamp with time zone,
	"last_job_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diagnosis_audits" ADD CONSTRAINT "diagnosis_audits_object_task_id_diagnosis_object_tasks_id_fk" FOREIGN KEY ("object_task_id") REFERENCES "public"."diagnosis_object_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_audits" ADD CONSTRAINT "diagnosis_audits_row_id_diagnosis_rows_id_fk" FOREIGN KEY ("row_id") REFERENCES "public"."diagnosis_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_audits" ADD CONSTRAINT "diagnosis_audits_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_object_tasks" ADD CONSTRAINT "diagnosis_object_tasks_task_id_diagnosis_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."diagnosis_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_object_tasks" ADD CONSTRAINT "diagnosis_object_tasks_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_object_tasks" ADD CONSTRAINT "diagnosis_object_tasks_charger_id_users_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_object_tasks" ADD CONSTRAINT "diagnosis_object_tasks_system_id_standard_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."standard_systems"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_object_users" ADD CONSTRAINT "diagnosis_object_users_object_task_id_diagnosis_object_tasks_id_fk" FOREIGN KEY ("object_task_id") REFERENCES "public"."diagnosis_object_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_object_users" ADD CONSTRAINT "diagnosis_object_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_rows" ADD CONSTRAINT "diagnosis_rows_object_task_id_diagnosis_object_tasks_id_fk" FOREIGN KEY ("object_task_id") REFERENCES "public"."diagnosis_object_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_rows" ADD CONSTRAINT "diagnosis_rows_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_samples" ADD CONSTRAINT "diagnosis_samples_row_id_diagnosis_rows_id_fk" FOREIGN KEY ("row_id") REFERENCES "public"."diagnosis_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_samples" ADD CONSTRAINT "diagnosis_samples_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_tasks" ADD CONSTRAINT "diagnosis_tasks_cycle_value_id_cycle_values_id_fk" FOREIGN KEY ("cycle_value_id") REFERENCES "public"."cycle_values"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_tasks" ADD CONSTRAINT "diagnosis_tasks_standard_system_id_standard_systems_id_fk" FOREIGN KEY ("standard_system_id") REFERENCES "public"."standard_systems"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_tasks" ADD CONSTRAINT "diagnosis_tasks_publish_department_id_departments_id_fk" FOREIGN KEY ("publish_department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_tasks" ADD CONSTRAINT "diagnosis_tasks_monitor_id_users_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_tasks" ADD CONSTRAINT "diagnosis_tasks_auditor_id_users_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_tasks" ADD CONSTRAINT "diagnosis_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diagnosis_audits_object_idx" ON "diagnosis_audits" USING btree ("object_task_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "diagnosis_object_tasks_task_object_uq" ON "diagnosis_object_tasks" USING btree ("task_id","object_code");--> statement-breakpoint
CREATE INDEX "diagnosis_object_tasks_charger_idx" ON "diagnosis_object_tasks" USING btree ("charger_id");--> statement-breakpoint
CREATE INDEX "diagnosis_object_tasks_state_idx" ON "diagnosis_object_tasks" USING btree ("task_id","target_state");--> statement-breakpoint
CREATE UNIQUE INDEX "diagnosis_object_users_uq" ON "diagnosis_object_users" USING btree ("object_task_id","kind","user_id");--> statement-breakpoint
CREATE INDEX "diagnosis_object_users_user_idx" ON "diagnosis_object_users" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "diagnosis_rows_object_sort_idx" ON "diagnosis_rows" USING btree ("object_task_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "diagnosis_rows_object_node_uq" ON "diagnosis_rows" USING btree ("object_task_id","node_id");--> statement-breakpoint
CREATE INDEX "diagnosis_samples_row_idx" ON "diagnosis_samples" USING btree ("row_id","sampled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "diagnosis_tasks_name_uq" ON "diagnosis_tasks" USING btree ("name");--> statement-breakpoint
CREATE INDEX "diagnosis_tasks_state_idx" ON "diagnosis_tasks" USING btree ("state","start_date");--> statement-breakpoint
CREATE INDEX "diagnosis_tasks_system_idx" ON "diagnosis_tasks" USING btree ("standard_system_id");--> statement-breakpoint
CREATE INDEX "diagnosis_tasks_cycle_idx" ON "diagnosis_tasks" USING btree ("cycle_value_id");