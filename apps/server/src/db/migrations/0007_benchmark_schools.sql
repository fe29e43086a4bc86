CREATE TABLE "user_benchmark_schools" (
	"user_id" varchar(64) NOT NULL,
	"school_code" varchar(20) NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_benchmark_schools_user_id_school_code_pk" PRIMARY KEY("user_id","school_code")
);
--> statement-breakpoint
ALTER TABLE "user_benchmark_schools" ADD CONSTRAINT "user_benchmark_schools_school_code_schools_code_fk" FOREIGN KEY ("school_code") REFERENCES "public"."schools"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_benchmark_schools_school_idx" ON "user_benchmark_schools" USING btree ("school_code");