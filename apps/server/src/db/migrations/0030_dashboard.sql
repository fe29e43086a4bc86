CREATE TABLE "dashboard_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" varchar(64) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"chart_id" integer,
	"version_id" integer,
	"title" varchar(100) NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"width_factor" integer NOT NULL,
	"h" integer NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"url" varchar(2000),
	"sort_order" integer DEFAULT 0 NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_chart_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_chart_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "dashboard_charts" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"algorithm_id" integer NOT NULL,
	"width_factor" integer DEFAULT 1 NOT NULL,
	"roles" text[] DEFAULT '{}' NOT NULL,
	"remark" varchar(300),
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_screen_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"screen_id" integer NOT NULL,
	"number" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"items" jsonb NOT NULL,
	"saved_by" varchar(64),
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_screens" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"roles" text[] DEFAULT '{}' NOT NULL,
	"refresh_seconds" integer DEFAULT 300 NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_cards" ADD CONSTRAINT "dashboard_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_cards" ADD CONSTRAINT "dashboard_cards_chart_id_dashboard_charts_id_fk" FOREIGN KEY ("chart_id") REFERENCES "public"."dashboard_charts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_charts" ADD CONSTRAINT "dashboard_charts_type_id_dashboard_chart_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."dashboard_chart_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_charts" ADD CONSTRAINT "dashboard_charts_algorithm_id_algorithms_id_fk" FOREIGN KEY ("algorithm_id") REFERENCES "public"."algorithms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_charts" ADD CONSTRAINT "dashboard_charts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_screen_history" ADD CONSTRAINT "school_screen_history_screen_id_school_screens_id_fk" FOREIGN KEY ("screen_id") REFERENCES "public"."school_screens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_screen_history" ADD CONSTRAINT "school_screen_history_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_screens" ADD CONSTRAINT "school_screens_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_cards_user_idx" ON "dashboard_cards" USING btree ("user_id","sort_order");--> statement-breakpoint
CREATE INDEX "dashboard_charts_type_idx" ON "dashboard_charts" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "dashboard_charts_algorithm_idx" ON "dashboard_charts" USING btree ("algorithm_id");--> statement-breakpoint
CREATE INDEX "school_screen_history_screen_idx" ON "school_screen_history" USING btree ("screen_id","number");