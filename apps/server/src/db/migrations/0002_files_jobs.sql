CREATE TABLE "file_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "file_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(64) NOT NULL,
	"payload" jsonb NOT NULL,
	"unique_key" varchar(160),
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_unique_key_unique" UNIQUE("unique_key")
);
--> statement-breakpoint
CREATE TABLE "upload_chunks" (
	"guid" varchar(36) NOT NULL,
	"idx" integer NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	CONSTRAINT "upload_chunks_guid_idx_pk" PRIMARY KEY("guid","idx")
);
--> statement-breakpoint
CREATE TABLE "upload_sessions" (
	"guid" varchar(36) PRIMARY KEY NOT NULL,
	"uploader_id" varchar(64) NOT NULL,
	"total_chunks" integer NOT NULL,
	"total_size" bigint NOT NULL,
	"status" varchar(16) DEFAULT 'uploading' NOT NULL,
	"message" varchar(300),
	"file_id" varchar(64),
	"merge_input" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "remark" varchar(200);--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "valid_until" varchar(30);--> statement-breakpoint
ALTER TABLE "upload_chunks" ADD CONSTRAINT "upload_chunks_guid_upload_sessions_guid_fk" FOREIGN KEY ("guid") REFERENCES "public"."upload_sessions"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "upload_sessions_updated_idx" ON "upload_sessions" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "files_uploader_idx" ON "files" USING btree ("uploader_id");