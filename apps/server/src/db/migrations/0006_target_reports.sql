CREATE TABLE "target_report_covers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"title" varchar(100) NOT NULL,
	"school_name" varchar(100),
	"subtitle" varchar(100),
	"is_default" boolean DEFAULT false NOT NULL,
	"creator_id" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "target_report_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"title" varchar(100) NOT NULL,
	"preface" varchar(1000),
	"sections" jsonb NOT NULL,
	"creator_id" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "target_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"template_id" integer,
	"template_name" varchar(60),
	"cover_id" integer,
	"cover_name" varchar(60),
	"title" varchar(400) NOT NULL,
	"status" varchar(12) DEFAULT 'draft' NOT NULL,
	"level_self" varchar(1),
	"audit_reason" varchar(500),
	"auditor_id" varchar(64),
	"audited_at" timestamp with time zone,
	"generator_id" varchar(64) NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"content" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "target_report_covers" ADD CONSTRAINT "target_report_covers_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_report_templates" ADD CONSTRAINT "target_report_templates_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_reports" ADD CONSTRAINT "target_reports_task_id_target_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."target_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_reports" ADD CONSTRAINT "target_reports_template_id_target_report_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."target_report_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_reports" ADD CONSTRAINT "target_reports_cover_id_target_report_covers_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."target_report_covers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_reports" ADD CONSTRAINT "target_reports_auditor_id_users_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_reports" ADD CONSTRAINT "target_reports_generator_id_users_id_fk" FOREIGN KEY ("generator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "target_report_covers_one_default_uq" ON "target_report_covers" USING btree ("is_default") WHERE "target_report_covers"."is_default";--> statement-breakpoint
CREATE INDEX "target_report_templates_created_idx" ON "target_report_templates" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "target_reports_task_uq" ON "target_reports" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "target_reports_status_idx" ON "target_reports" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "target_reports_template_idx" ON "target_reports" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "target_reports_cover_idx" ON "target_reports" USING btree ("cover_id");