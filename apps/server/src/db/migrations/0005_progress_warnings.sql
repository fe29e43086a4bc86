CREATE TABLE "delay_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"new_end_date" date NOT NULL,
	"reason" varchar(500) NOT NULL,
	"status" varchar(12) DEFAULT 'reviewing' NOT NULL,
	"audit_reason" varchar(500),
	"requester_id" varchar(64) NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"auditor_id" varchar(64),
	"audited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "task_focus" (
	"user_id" varchar(64) NOT NULL,
	"task_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_focus_user_id_task_id_pk" PRIMARY KEY("user_id","task_id")
);
--> statement-breakpoint
CREATE TABLE "task_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"period_key" varchar(20) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"content" varchar(1000) NOT NULL,
	"progress" smallint,
	"status" varchar(12) DEFAULT 'reviewing' NOT NULL,
	"reason" varchar(500),
	"submitter_id" varchar(64) NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"auditor_id" varchar(64),
	"audited_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_warning_conditions" (
	"task_id" integer NOT NULL,
	"warning_type_id" integer NOT NULL,
	CONSTRAINT "task_warning_conditions_task_id_warning_type_id_pk" PRIMARY KEY("task_id","warning_type_id")
);
--> statement-breakpoint
CREATE TABLE "task_warnings" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"warning_type_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"warning_key" varchar(40) NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "urges" (
	"id" serial PRIMARY KEY NOT NULL,
	"year_target_id" integer,
	"task_id" integer,
	"department_id" varchar(32) NOT NULL,
	"current_status" smallint NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"state" varchar(12) DEFAULT 'urge' NOT NULL,
	"content" varchar(500),
	"urger_id" varchar(64) NOT NULL,
	"urged_at" timestamp with time zone NOT NULL,
	"accepter_id" varchar(64),
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "warning_config_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" varchar(64) NOT NULL,
	"task_ids" jsonb NOT NULL,
	"warning_type_ids" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delay_requests" ADD CONSTRAINT "delay_requests_task_id_target_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."target_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_focus" ADD CONSTRAINT "task_focus_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_focus" ADD CONSTRAINT "task_focus_task_id_target_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."target_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_reports" ADD CONSTRAINT "task_reports_task_id_target_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."target_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_reports" ADD CONSTRAINT "task_reports_submitter_id_users_id_fk" FOREIGN KEY ("submitter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_reports" ADD CONSTRAINT "task_reports_auditor_id_users_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_warning_conditions" ADD CONSTRAINT "task_warning_conditions_task_id_target_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."target_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_warning_conditions" ADD CONSTRAINT "task_warning_conditions_warning_type_id_warning_types_id_fk" FOREIGN KEY ("warning_type_id") REFERENCES "public"."warning_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_warnings" ADD CONSTRAINT "task_warnings_task_id_target_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."target_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_warnings" ADD CONSTRAINT "task_warnings_warning_type_id_warning_types_id_fk" FOREIGN KEY ("warning_type_id") REFERENCES "public"."warning_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "urges" ADD CONSTRAINT "urges_year_target_id_year_targets_id_fk" FOREIGN KEY ("year_target_id") REFERENCES "public"."year_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "urges" ADD CONSTRAINT "urges_task_id_target_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."target_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "urges" ADD CONSTRAINT "urges_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delay_requests_one_reviewing_uq" ON "delay_requests" USING btree ("task_id") WHERE "delay_requests"."status" = 'reviewing';--> statement-breakpoint
CREATE INDEX "task_reports_task_idx" ON "task_reports" USING btree ("task_id","period_key");--> statement-breakpoint
CREATE UNIQUE INDEX "task_reports_one_final_reviewing_uq" ON "task_reports" USING btree ("task_id") WHERE "task_reports"."kind" = 'final' and "task_reports"."status" = 'reviewing';--> statement-breakpoint
CREATE UNIQUE INDEX "task_warnings_uq" ON "task_warnings" USING btree ("task_id","warning_type_id","warning_key");--> statement-breakpoint
CREATE INDEX "task_warnings_open_idx" ON "task_warnings" USING btree ("open","task_id");--> statement-breakpoint
CREATE INDEX "urges_department_idx" ON "urges" USING btree ("department_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "urges_one_pending_uq" ON "urges" USING btree ("department_id","year_target_id","current_status") WHERE "urges"."type" = 0;