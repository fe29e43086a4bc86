CREATE TABLE "dashboard_arranged" (
	"user_id" varchar(64) PRIMARY KEY NOT NULL,
	"arranged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_arranged" ADD CONSTRAINT "dashboard_arranged_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;