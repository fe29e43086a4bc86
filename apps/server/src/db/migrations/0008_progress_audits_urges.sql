DROP INDEX "urges_one_pending_uq";--> statement-breakpoint
ALTER TABLE "urges" ALTER COLUMN "current_status" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "delay_requests" ADD COLUMN "old_end_date" date;--> statement-breakpoint
ALTER TABLE "task_warnings" ADD COLUMN "dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "task_warnings" ADD COLUMN "dismissed_by" varchar(64);--> statement-breakpoint
CREATE INDEX "delay_requests_task_idx" ON "delay_requests" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "task_reports_reviewing_idx" ON "task_reports" USING btree ("task_id") WHERE "task_reports"."status" = 'reviewing';--> statement-breakpoint
CREATE UNIQUE INDEX "urges_one_pending_task_uq" ON "urges" USING btree ("task_id") WHERE "urges"."type" = 0 and "urges"."task_id" is not null;--> statement-breakpoint
CREATE INDEX "urges_year_target_idx" ON "urges" USING btree ("year_target_id","department_id");--> statement-breakpoint
CREATE INDEX "warning_config_history_at_idx" ON "warning_config_history" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "urges_one_pending_uq" ON "urges" USING btree ("department_id","year_target_id","current_status") WHERE "urges"."type" = 0 and "urges"."task_id" is null;