DROP INDEX "audit_log_entity_idx";--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "parent_id" varchar(32);--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "session_idle_minutes" integer;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "cas_enabled" boolean;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "cas_server_url" varchar(300);--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "cas_service_url" varchar(300);--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "cas_user_attribute" varchar(60);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_log_type_idx" ON "audit_log" USING btree ("entity_type","id");--> statement-breakpoint
CREATE INDEX "departments_parent_idx" ON "departments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "users_user_type_idx" ON "users" USING btree ("user_type_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","id");