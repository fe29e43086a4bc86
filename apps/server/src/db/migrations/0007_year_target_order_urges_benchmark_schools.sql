CREATE TABLE "user_benchmark_schools" (
	"user_id" varchar(64) NOT NULL,
	"school_code" varchar(20) NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_benchmark_schools_user_id_school_code_pk" PRIMARY KEY("user_id","school_code")
);
--> statement-breakpoint
DROP INDEX "urges_one_pending_uq";--> statement-breakpoint
DROP INDEX "year_targets_year_idx";--> statement-breakpoint
ALTER TABLE "urges" ALTER COLUMN "current_status" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "delay_requests" ADD COLUMN "old_end_date" date;--> statement-breakpoint
ALTER TABLE "task_warnings" ADD COLUMN "dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "task_warnings" ADD COLUMN "dismissed_by" varchar(64);--> statement-breakpoint
ALTER TABLE "year_targets" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_benchmark_schools" ADD CONSTRAINT "user_benchmark_schools_school_code_schools_code_fk" FOREIGN KEY ("school_code") REFERENCES "public"."schools"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_benchmark_schools_school_idx" ON "user_benchmark_schools" USING btree ("school_code");--> statement-breakpoint
CREATE INDEX "delay_requests_task_idx" ON "delay_requests" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "task_reports_reviewing_idx" ON "task_reports" USING btree ("task_id") WHERE "task_reports"."status" = 'reviewing';--> statement-breakpoint
CREATE UNIQUE INDEX "urges_one_pending_task_uq" ON "urges" USING btree ("task_id") WHERE "urges"."type" = 0 and "urges"."task_id" is not null;--> statement-breakpoint
CREATE INDEX "urges_year_target_idx" ON "urges" USING btree ("year_target_id","department_id");--> statement-breakpoint
CREATE INDEX "warning_config_history_at_idx" ON "warning_config_history" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "urges_one_pending_uq" ON "urges" USING btree ("department_id","year_target_id","current_status") WHERE "urges"."type" = 0 and "urges"."task_id" is null;--> statement-breakpoint
CREATE INDEX "year_targets_year_idx" ON "year_targets" USING btree ("cycle_year","sort_order");