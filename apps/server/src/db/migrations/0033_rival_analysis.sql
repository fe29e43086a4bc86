CREATE TABLE "double_high_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" smallint NOT NULL,
	"school_name" varchar(100) NOT NULL,
	"school_code" varchar(20),
	"kind" varchar(8) NOT NULL,
	"grade" varchar(1) NOT NULL,
	"majors" text DEFAULT '' NOT NULL,
	"source" varchar(300) DEFAULT '' NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"updated_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "double_high_units_kind" CHECK ("double_high_units"."kind" in ('school', 'major')),
	CONSTRAINT "double_high_units_grade" CHECK ("double_high_units"."grade" in ('A', 'B', 'C'))
);
--> statement-breakpoint
CREATE TABLE "rival_figures" (
	"school_code" varchar(20) NOT NULL,
	"year" smallint NOT NULL,
	"indicator" varchar(16) NOT NULL,
	"value" double precision NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"updated_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rival_figures_school_code_year_indicator_pk" PRIMARY KEY("school_code","year","indicator")
);
--> statement-breakpoint
CREATE TABLE "rival_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"school_code" varchar(20) NOT NULL,
	"school_name" varchar(100) NOT NULL,
	"updated_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rival_settings_one_row" CHECK ("rival_settings"."id" = 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "double_high_units_year_name_uq" ON "double_high_units" USING btree ("year","school_name");--> statement-breakpoint
CREATE INDEX "double_high_units_code_idx" ON "double_high_units" USING btree ("school_code");--> statement-breakpoint
CREATE INDEX "rival_figures_indicator_year_idx" ON "rival_figures" USING btree ("indicator","year");