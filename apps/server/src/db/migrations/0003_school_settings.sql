CREATE TABLE "user_school_settings" (
	"user_id" varchar(64) PRIMARY KEY NOT NULL,
	"levels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"natures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"provinces" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
