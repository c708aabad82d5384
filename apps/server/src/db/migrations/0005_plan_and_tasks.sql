CREATE TABLE "checklist_items" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"action_item_id" varchar(24) NOT NULL,
	"mission_id" varchar(24) NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_index" bigint DEFAULT 0 NOT NULL,
	"people" varchar(24)[] DEFAULT '{}' NOT NULL,
	"col" varchar(24),
	"color" varchar(20),
	"done" boolean DEFAULT false NOT NULL,
	"completed_on" timestamp with time zone,
	"completed_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dependencies" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"mission_id" varchar(24) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"from_id" varchar(24) NOT NULL,
	"to_id" varchar(24) NOT NULL,
	"link_type" varchar(16) DEFAULT 'dependsOn' NOT NULL,
	"lag" integer DEFAULT 0 NOT NULL,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_item_requests" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"plan_item_id" varchar(24) NOT NULL,
	"mission_id" varchar(24) NOT NULL,
	"context" varchar(4) NOT NULL,
	"status" varchar(20) DEFAULT 'pending_approval' NOT NULL,
	"person_id" varchar(24),
	"reason" text DEFAULT '' NOT NULL,
	"sent_for_approval_on" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_for_approval_by" varchar(24),
	"actioned_on" timestamp with time zone,
	"actioned_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_item_schedules" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"plan_item_id" varchar(24) NOT NULL,
	"mission_id" varchar(24) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"hours_per_day" real DEFAULT 8 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "short_description" text;--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "initial_start_date" date;--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "actual_duration" bigint;--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "y" smallint;--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "position" bigint;--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "people_attached" varchar(24)[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "bill_rate_minor" bigint;--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "bill_unit" varchar(20);--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "percent_complete" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "meta_type" varchar(20);--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "pin_type" varchar(20);--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "template_id" varchar(24);--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "seen" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "pinned" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "approvals" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "prev_end_date" date;--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "description_update" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "description_update_by_id" varchar(24);--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "col_history" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "is_action" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "position" bigint;--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "rate_minor" bigint;--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "bill_rate_minor" bigint;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "include_weekends" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "manager_visited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_action_item_id_action_items_id_fk" FOREIGN KEY ("action_item_id") REFERENCES "public"."action_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_completed_by_people_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dependencies" ADD CONSTRAINT "dependencies_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dependencies" ADD CONSTRAINT "dependencies_created_by_people_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_item_requests" ADD CONSTRAINT "plan_item_requests_plan_item_id_plan_items_id_fk" FOREIGN KEY ("plan_item_id") REFERENCES "public"."plan_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_item_requests" ADD CONSTRAINT "plan_item_requests_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_item_requests" ADD CONSTRAINT "plan_item_requests_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_item_requests" ADD CONSTRAINT "plan_item_requests_sent_for_approval_by_people_id_fk" FOREIGN KEY ("sent_for_approval_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_item_requests" ADD CONSTRAINT "plan_item_requests_actioned_by_people_id_fk" FOREIGN KEY ("actioned_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_item_schedules" ADD CONSTRAINT "plan_item_schedules_plan_item_id_plan_items_id_fk" FOREIGN KEY ("plan_item_id") REFERENCES "public"."plan_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_item_schedules" ADD CONSTRAINT "plan_item_schedules_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_item_schedules" ADD CONSTRAINT "plan_item_schedules_created_by_people_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_items_item_idx" ON "checklist_items" USING btree ("action_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dependencies_unique" ON "dependencies" USING btree ("kind","from_id","to_id");--> statement-breakpoint
CREATE INDEX "dependencies_mission_idx" ON "dependencies" USING btree ("mission_id");--> statement-breakpoint
CREATE INDEX "dependencies_to_idx" ON "dependencies" USING btree ("to_id");--> statement-breakpoint
CREATE INDEX "plan_item_requests_item_idx" ON "plan_item_requests" USING btree ("plan_item_id");--> statement-breakpoint
CREATE INDEX "plan_item_requests_mission_idx" ON "plan_item_requests" USING btree ("mission_id");--> statement-breakpoint
CREATE INDEX "plan_item_schedules_item_idx" ON "plan_item_schedules" USING btree ("plan_item_id");--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_description_update_by_id_people_id_fk" FOREIGN KEY ("description_update_by_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_items_people_idx" ON "action_items" USING gin ("people");