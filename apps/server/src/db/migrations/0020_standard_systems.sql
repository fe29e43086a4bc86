-- Standard systems (目标标准, issue 19): systems, catalogue nodes, authority rows, the task depot (generated), and
-- the read grant of the 目标标准 menu for diagnosis objects and auditors on an existing database (hand-written, at the end).
CREATE TABLE "standard_authorities" (
	"id" serial PRIMARY KEY NOT NULL,
	"system_id" integer NOT NULL,
	"subject_kind" varchar(10) NOT NULL,
	"subject_id" varchar(64) NOT NULL,
	"access" varchar(10) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standard_depot" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"dimension" varchar(40) NOT NULL,
	"node_count" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standard_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"system_id" integer NOT NULL,
	"parent_id" integer,
	"source_id" integer,
	"kind" varchar(10) NOT NULL,
	"name" varchar(60) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"nh" text,
	"zdbz" text,
	"bzz" varchar(100),
	"zlx" varchar(10),
	"fsdl" boolean DEFAULT false NOT NULL,
	"cal_rule" integer,
	"direction" varchar(10),
	"grade_rule" jsonb,
	"warning_rule" jsonb,
	"deleted_at" timestamp with time zone,
	"delete_batch" uuid,
	"deleted_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "standard_systems" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"dimension" varchar(40) NOT NULL,
	"start_year" integer NOT NULL,
	"end_year" integer NOT NULL,
	"state" varchar(10) DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"previous_version_id" integer,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"delete_batch" uuid,
	"deleted_by" varchar(64)
);
--> statement-breakpoint
ALTER TABLE "standard_authorities" ADD CONSTRAINT "standard_authorities_system_id_standard_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."standard_systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_depot" ADD CONSTRAINT "standard_depot_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_nodes" ADD CONSTRAINT "standard_nodes_system_id_standard_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."standard_systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_systems" ADD CONSTRAINT "standard_systems_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "standard_authorities_subject_uq" ON "standard_authorities" USING btree ("system_id","subject_kind","subject_id");--> statement-breakpoint
CREATE INDEX "standard_depot_dimension_idx" ON "standard_depot" USING btree ("dimension");--> statement-breakpoint
CREATE INDEX "standard_nodes_system_idx" ON "standard_nodes" USING btree ("system_id");--> statement-breakpoint
CREATE INDEX "standard_nodes_parent_idx" ON "standard_nodes" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "standard_nodes_batch_idx" ON "standard_nodes" USING btree ("delete_batch");--> statement-breakpoint
CREATE INDEX "standard_systems_dimension_idx" ON "standard_systems" USING btree ("dimension");--> statement-breakpoint
CREATE INDEX "standard_systems_batch_idx" ON "standard_systems" USING btree ("delete_batch");
--> statement-breakpoint
-- Hand-written (issue 19): diagnosis objects (2020005) and auditors (2020004) read the standard systems granted to
-- them, so they get the 目标标准 menu (seed/reference.ts DEFAULT_ROLE_MENUS gives it on a new database; the menu
-- already exists on an older one, where the seed adds no grant). Once only: a grant an administrator removes later
-- stays removed.
INSERT INTO "role_menus" ("role_id", "menu_key")
SELECT r."id", 'standard' FROM "roles" r
WHERE r."id" IN ('2020005', '2020004') AND EXISTS (SELECT 1 FROM "menus" m WHERE m."key" = 'standard')
ON CONFLICT DO NOTHING;
