CREATE TABLE "target_task_standard_nodes" (
	"task_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	CONSTRAINT "target_task_standard_nodes_task_id_node_id_pk" PRIMARY KEY("task_id","node_id")
);
--> statement-breakpoint
ALTER TABLE "target_task_standard_nodes" ADD CONSTRAINT "target_task_standard_nodes_task_id_target_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."target_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "target_task_standard_nodes_node_idx" ON "target_task_standard_nodes" USING btree ("node_id");