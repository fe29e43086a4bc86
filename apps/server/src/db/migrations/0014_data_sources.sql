-- Data sources (issue 17 item 5): external PostgreSQL connections; the password is stored sealed (AES-256-GCM).
CREATE TABLE "data_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"kind" varchar(20) DEFAULT 'postgresql' NOT NULL,
	"host" varchar(253) NOT NULL,
	"port" integer DEFAULT 5432 NOT NULL,
	"database" varchar(63) NOT NULL,
	"username" varchar(63) NOT NULL,
	"password_secret" text,
	"schema" varchar(63),
	"note" varchar(300),
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_sources_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "data_sources" ADD CONSTRAINT "data_sources_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;