-- Hand-written (drizzle-kit knows neither triggers nor functions): the session is read once per request again
-- (platform/session.ts), so the statement triggers of migration 0022 and the function they call go with the counter.
DROP TRIGGER IF EXISTS "users_session_epoch" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "user_roles_session_epoch" ON "user_roles";--> statement-breakpoint
DROP TRIGGER IF EXISTS "role_menus_session_epoch" ON "role_menus";--> statement-breakpoint
DROP TRIGGER IF EXISTS "departments_session_epoch" ON "departments";--> statement-breakpoint
DROP TRIGGER IF EXISTS "department_chargers_session_epoch" ON "department_chargers";--> statement-breakpoint
DROP FUNCTION IF EXISTS "raise_session_epoch"();--> statement-breakpoint
-- Generated:
DROP TABLE "session_epoch" CASCADE;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "ref" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "owner_id" varchar(64);--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "step" varchar(200);--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "total" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "message" varchar(500);--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "report" jsonb;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "input" "bytea";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_owner_idx" ON "jobs" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_ref_unique" UNIQUE("ref");
