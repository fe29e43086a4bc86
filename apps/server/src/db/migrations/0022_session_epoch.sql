CREATE TABLE "session_epoch" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written (not generated): the one row, and the statement triggers that raise it whenever what a session carries
-- changes (the session statement reads users, user_roles, role_menus, departments and department_chargers).
INSERT INTO "session_epoch" ("id", "value") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "raise_session_epoch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "session_epoch" SET "value" = "value" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_session_epoch" AFTER INSERT OR DELETE OR UPDATE OF "name", "department_id", "enabled" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "raise_session_epoch"();--> statement-breakpoint
CREATE TRIGGER "user_roles_session_epoch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION "raise_session_epoch"();--> statement-breakpoint
CREATE TRIGGER "role_menus_session_epoch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_menus" FOR EACH STATEMENT EXECUTE FUNCTION "raise_session_epoch"();--> statement-breakpoint
CREATE TRIGGER "departments_session_epoch" AFTER INSERT OR DELETE OR UPDATE OF "charge_user_id", "enabled" ON "departments" FOR EACH STATEMENT EXECUTE FUNCTION "raise_session_epoch"();--> statement-breakpoint
CREATE TRIGGER "department_chargers_session_epoch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "department_chargers" FOR EACH STATEMENT EXECUTE FUNCTION "raise_session_epoch"();
