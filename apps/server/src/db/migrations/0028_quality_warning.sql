CREATE TABLE "quality_case_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"step" smallint NOT NULL,
	"actor_id" varchar(64),
	"note" varchar(500),
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"row_id" integer NOT NULL,
	"warning_id" integer,
	"object_task_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"row_name" varchar(60) NOT NULL,
	"object_name" varchar(200) NOT NULL,
	"task_name" varchar(200) NOT NULL,
	"step" smallint DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_value" varchar(40)
);
--> statement-breakpoint
CREATE TABLE "quality_remote_calls" (
	"signature" varchar(64) PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_warning_cycles" (
	"row_id" integer PRIMARY KEY NOT NULL,
	"slot" varchar(16) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_warnings" (
	"id" serial PRIMARY KEY NOT NULL,
	"row_id" integer NOT NULL,
	"object_task_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"row_name" varchar(60) NOT NULL,
	"object_name" varchar(200) NOT NULL,
	"task_name" varchar(200) NOT NULL,
	"zlx" varchar(10) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"source" varchar(60) DEFAULT 'local' NOT NULL,
	"warning_value" varchar(60),
	"monitored_value" varchar(40),
	"forecast" jsonb,
	"raised_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_value" varchar(40),
	"cause" varchar(500),
	"measures" varchar(500),
	"disposed_by" varchar(64),
	"disposed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "quality_case_steps" ADD CONSTRAINT "quality_case_steps_case_id_quality_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."quality_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_case_steps" ADD CONSTRAINT "quality_case_steps_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_cases" ADD CONSTRAINT "quality_cases_row_id_diagnosis_rows_id_fk" FOREIGN KEY ("row_id") REFERENCES "public"."diagnosis_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_cases" ADD CONSTRAINT "quality_cases_warning_id_quality_warnings_id_fk" FOREIGN KEY ("warning_id") REFERENCES "public"."quality_warnings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_warning_cycles" ADD CONSTRAINT "quality_warning_cycles_row_id_diagnosis_rows_id_fk" FOREIGN KEY ("row_id") REFERENCES "public"."diagnosis_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_warnings" ADD CONSTRAINT "quality_warnings_row_id_diagnosis_rows_id_fk" FOREIGN KEY ("row_id") REFERENCES "public"."diagnosis_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_warnings" ADD CONSTRAINT "quality_warnings_disposed_by_users_id_fk" FOREIGN KEY ("disposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quality_case_steps_case_idx" ON "quality_case_steps" USING btree ("case_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_cases_open_uq" ON "quality_cases" USING btree ("row_id") WHERE closed_at is null;--> statement-breakpoint
CREATE INDEX "quality_cases_task_idx" ON "quality_cases" USING btree ("task_id","opened_at");--> statement-breakpoint
CREATE INDEX "quality_remote_calls_received_idx" ON "quality_remote_calls" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_warnings_open_uq" ON "quality_warnings" USING btree ("row_id","kind") WHERE closed_at is null;--> statement-breakpoint
CREATE INDEX "quality_warnings_row_idx" ON "quality_warnings" USING btree ("row_id","raised_at");--> statement-breakpoint
CREATE INDEX "quality_warnings_task_idx" ON "quality_warnings" USING btree ("task_id","raised_at");--> statement-breakpoint
CREATE INDEX "quality_warnings_raised_idx" ON "quality_warnings" USING btree ("raised_at");