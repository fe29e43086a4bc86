CREATE TABLE "self_report_discussions" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"author_id" varchar(64),
	"content" varchar(1000) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "self_report_entries" (
	"report_id" integer NOT NULL,
	"section" smallint NOT NULL,
	"nr" varchar(2000) DEFAULT '' NOT NULL,
	"is_checked" boolean DEFAULT true NOT NULL,
	"updated_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "self_report_entries_report_id_section_pk" PRIMARY KEY("report_id","section")
);
--> statement-breakpoint
CREATE TABLE "self_report_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"result" varchar(10) NOT NULL,
	"score" numeric(5, 2) NOT NULL,
	"score_checked" boolean DEFAULT true NOT NULL,
	"opinion" varchar(2000),
	"reviewer_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "self_report_shares" (
	"report_id" integer NOT NULL,
	"user_id" varchar(64) NOT NULL,
	"shared_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "self_report_shares_report_id_user_id_pk" PRIMARY KEY("report_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "self_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"object_task_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"round" integer NOT NULL,
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"snapshot" jsonb,
	"submitted_at" timestamp with time zone,
	"submitted_by" varchar(64),
	"reject_reason" varchar(500),
	"rejected_by" varchar(64),
	"rejected_at" timestamp with time zone,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "self_report_discussions" ADD CONSTRAINT "self_report_discussions_report_id_self_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."self_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_report_discussions" ADD CONSTRAINT "self_report_discussions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_report_entries" ADD CONSTRAINT "self_report_entries_report_id_self_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."self_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_report_entries" ADD CONSTRAINT "self_report_entries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_report_reviews" ADD CONSTRAINT "self_report_reviews_report_id_self_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."self_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_report_reviews" ADD CONSTRAINT "self_report_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_report_shares" ADD CONSTRAINT "self_report_shares_report_id_self_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."self_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_report_shares" ADD CONSTRAINT "self_report_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_report_shares" ADD CONSTRAINT "self_report_shares_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_reports" ADD CONSTRAINT "self_reports_object_task_id_diagnosis_object_tasks_id_fk" FOREIGN KEY ("object_task_id") REFERENCES "public"."diagnosis_object_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_reports" ADD CONSTRAINT "self_reports_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_reports" ADD CONSTRAINT "self_reports_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_reports" ADD CONSTRAINT "self_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "self_report_discussions_report_idx" ON "self_report_discussions" USING btree ("report_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "self_report_reviews_kind_uq" ON "self_report_reviews" USING btree ("report_id","kind");--> statement-breakpoint
CREATE INDEX "self_report_shares_user_idx" ON "self_report_shares" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "self_reports_object_round_uq" ON "self_reports" USING btree ("object_task_id","round");--> statement-breakpoint
CREATE INDEX "self_reports_task_idx" ON "self_reports" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "self_reports_state_idx" ON "self_reports" USING btree ("state","created_at");