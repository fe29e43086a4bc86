-- Chunked uploads: the client's guid names an upload session only, per uploader; the server's own id keys the session,
-- its chunks and their directory, and the merge stores the file under a new id of the file store (never the guid).
-- In-flight upload sessions are transient and simply dropped here (their chunks go with them by cascade; the
-- hourly clean-up removes their chunk directories): a client in the middle of an upload starts it again.
DELETE FROM "upload_sessions";--> statement-breakpoint
ALTER TABLE "upload_chunks" DROP CONSTRAINT "upload_chunks_guid_upload_sessions_guid_fk";--> statement-breakpoint
ALTER TABLE "upload_chunks" DROP CONSTRAINT "upload_chunks_guid_idx_pk";--> statement-breakpoint
ALTER TABLE "upload_chunks" DROP COLUMN "guid";--> statement-breakpoint
ALTER TABLE "upload_chunks" ADD COLUMN "session_id" varchar(36) NOT NULL;--> statement-breakpoint
ALTER TABLE "upload_sessions" DROP CONSTRAINT "upload_sessions_pkey";--> statement-breakpoint
ALTER TABLE "upload_sessions" ADD COLUMN "id" varchar(36) PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "upload_sessions" ADD COLUMN "pending_file_id" varchar(64);--> statement-breakpoint
ALTER TABLE "upload_chunks" ADD CONSTRAINT "upload_chunks_session_id_idx_pk" PRIMARY KEY("session_id","idx");--> statement-breakpoint
ALTER TABLE "upload_chunks" ADD CONSTRAINT "upload_chunks_session_id_upload_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."upload_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "upload_sessions_uploader_guid_idx" ON "upload_sessions" USING btree ("uploader_id","guid");
