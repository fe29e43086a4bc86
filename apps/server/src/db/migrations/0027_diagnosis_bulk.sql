CREATE TABLE "diagnosis_quality_cache" (
	"object_task_id" integer PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"total" integer NOT NULL,
	"with_result" integer NOT NULL,
	"attained" integer NOT NULL,
	"dis" integer NOT NULL,
	"unfin" integer NOT NULL,
	"rate" double precision NOT NULL,
	"cells" jsonb NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diagnosis_quality_cache" ADD CONSTRAINT "diagnosis_quality_cache_object_task_id_diagnosis_object_tasks_id_fk" FOREIGN KEY ("object_task_id") REFERENCES "public"."diagnosis_object_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_quality_cache" ADD CONSTRAINT "diagnosis_quality_cache_task_id_diagnosis_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."diagnosis_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diagnosis_quality_cache_task_idx" ON "diagnosis_quality_cache" USING btree ("task_id","dis");