CREATE TABLE "portrait_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"label" varchar(20) NOT NULL,
	"unit" varchar(10) DEFAULT '' NOT NULL,
	"algorithm_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portrait_grants" (
	"user_id" varchar(64) NOT NULL,
	"object_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portrait_grants_user_id_object_id_pk" PRIMARY KEY("user_id","object_id")
);
--> statement-breakpoint
ALTER TABLE "portrait_cards" ADD CONSTRAINT "portrait_cards_algorithm_id_algorithms_id_fk" FOREIGN KEY ("algorithm_id") REFERENCES "public"."algorithms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portrait_cards" ADD CONSTRAINT "portrait_cards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portrait_grants" ADD CONSTRAINT "portrait_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portrait_grants" ADD CONSTRAINT "portrait_grants_object_id_dimension_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."dimension_objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portrait_cards_kind_idx" ON "portrait_cards" USING btree ("kind","sort","id");--> statement-breakpoint
CREATE INDEX "portrait_grants_object_idx" ON "portrait_grants" USING btree ("object_id");