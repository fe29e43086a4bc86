ALTER TABLE "target_tasks" ADD COLUMN "is_leaf" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Hand-written (not generated): the tasks that already have children are not leaves.
UPDATE "target_tasks" SET "is_leaf" = false WHERE "id" IN (SELECT "parent_id" FROM "target_tasks" WHERE "parent_id" IS NOT NULL);--> statement-breakpoint
CREATE INDEX "target_tasks_leaf_idx" ON "target_tasks" USING btree ("year_target_id","department_id","status") WHERE "target_tasks"."is_leaf";
