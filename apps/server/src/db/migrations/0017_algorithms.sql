-- Algorithms (issue 18): groups -> algorithms -> versions, lineage runs, cached results and the tables' change
-- record (generated), and the reader role the algorithms run under (hand-written, at the end).
CREATE TABLE "algorithm_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"parent_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "algorithm_result_cache" (
	"version_id" integer NOT NULL,
	"params_key" text NOT NULL,
	"run_id" bigint NOT NULL,
	"result" jsonb NOT NULL,
	"tables" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "algorithm_result_cache_version_id_params_key_pk" PRIMARY KEY("version_id","params_key")
);
--> statement-breakpoint
CREATE TABLE "algorithm_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"hash" varchar(64) NOT NULL,
	"params" jsonb NOT NULL,
	"rows" integer NOT NULL,
	"ms" integer NOT NULL,
	"value" double precision,
	"tables" text[] NOT NULL,
	"run_by" varchar(64),
	"run_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "algorithm_table_changes" (
	"table_name" text PRIMARY KEY NOT NULL,
	"changed_xid" "xid8" NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "algorithm_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"algorithm_id" integer NOT NULL,
	"number" integer NOT NULL,
	"sql" text NOT NULL,
	"hash" varchar(64) NOT NULL,
	"note" varchar(300),
	"used" boolean DEFAULT false NOT NULL,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "algorithms" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"remark" varchar(300),
	"current_version_id" integer,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "algorithms_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "algorithm_groups" ADD CONSTRAINT "algorithm_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithm_result_cache" ADD CONSTRAINT "algorithm_result_cache_version_id_algorithm_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."algorithm_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithm_runs" ADD CONSTRAINT "algorithm_runs_version_id_algorithm_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."algorithm_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithm_runs" ADD CONSTRAINT "algorithm_runs_run_by_users_id_fk" FOREIGN KEY ("run_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithm_versions" ADD CONSTRAINT "algorithm_versions_algorithm_id_algorithms_id_fk" FOREIGN KEY ("algorithm_id") REFERENCES "public"."algorithms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithm_versions" ADD CONSTRAINT "algorithm_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithms" ADD CONSTRAINT "algorithms_group_id_algorithm_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."algorithm_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithms" ADD CONSTRAINT "algorithms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "algorithm_groups_parent_idx" ON "algorithm_groups" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "algorithm_result_cache_tables_idx" ON "algorithm_result_cache" USING gin ("tables");--> statement-breakpoint
CREATE INDEX "algorithm_runs_version_idx" ON "algorithm_runs" USING btree ("version_id","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "algorithm_versions_number_idx" ON "algorithm_versions" USING btree ("algorithm_id","number");--> statement-breakpoint
CREATE INDEX "algorithms_group_idx" ON "algorithms" USING btree ("group_id");--> statement-breakpoint
-- Hand-written (issue 18 item 3): the role algorithms run under (SET LOCAL ROLE in algorithm-run.repository.ts). It can
-- read the schema warehouse and nothing else: NOLOGIN, USAGE on warehouse, SELECT on its tables, now and later (the
-- default privileges of the user running the migrations, the one data-manage creates the tables as); no grant on
-- public. Roles belong to the cluster: the first database's migration creates it, every database grants it its own
-- warehouse. A user without CREATEROLE skips the creation with a notice and the migration goes on; algorithms then
-- refuse to run until a DBA does what docs/ARCHITECTURE.md ("Algorithms run checked, read only, under a reader
-- role") says.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'zg_warehouse_reader') THEN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = current_user AND (rolcreaterole OR rolsuper)) THEN
      RAISE NOTICE 'zg_warehouse_reader not created: % may not create roles; a DBA creates it (docs/ARCHITECTURE.md)', current_user;
      RETURN;
    END IF;
    BEGIN
      CREATE ROLE zg_warehouse_reader NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL; -- another database's migration created it meanwhile
    END;
  END IF;
  IF NOT pg_has_role(current_user, 'zg_warehouse_reader', 'MEMBER') THEN
    BEGIN
      EXECUTE format('GRANT zg_warehouse_reader TO %I', current_user);
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'zg_warehouse_reader not granted to %: a DBA grants it (docs/ARCHITECTURE.md)', current_user;
    END;
  END IF;
  GRANT USAGE ON SCHEMA warehouse TO zg_warehouse_reader;
  GRANT SELECT ON ALL TABLES IN SCHEMA warehouse TO zg_warehouse_reader;
  ALTER DEFAULT PRIVILEGES IN SCHEMA warehouse GRANT SELECT ON TABLES TO zg_warehouse_reader;
END $$;
