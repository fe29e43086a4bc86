CREATE TABLE "files" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"ext" varchar(16) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"owner_type" varchar(32) NOT NULL,
	"owner_id" varchar(64),
	"stage" varchar(32),
	"file_type_id" integer,
	"uploader_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"key" varchar(160) PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "theme" varchar(40);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cas_id" varchar(100);--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_type","owner_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_cas_id_unique" UNIQUE("cas_id");