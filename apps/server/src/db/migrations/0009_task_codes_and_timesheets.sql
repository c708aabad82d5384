CREATE TABLE "timesheets" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"org_id" varchar(24) NOT NULL,
	"mission_id" varchar(24),
	"plan_item_id" varchar(24),
	"org_role_id" varchar(24),
	"person_id" varchar(24) NOT NULL,
	"scope" varchar(24) NOT NULL,
	"week_start" date NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"daily_minutes" integer[] NOT NULL,
	"task_lines" jsonb,
	"snapshot" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rejection_reason" text,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheets_status_check" CHECK ("timesheets"."status" in ('draft', 'submitted', 'approved', 'rejected')),
	CONSTRAINT "timesheets_seven_days_check" CHECK (cardinality("timesheets"."daily_minutes") = 7),
	CONSTRAINT "timesheets_day_minutes_check" CHECK (0 <= all("timesheets"."daily_minutes") and 1440 >= all("timesheets"."daily_minutes")),
	CONSTRAINT "timesheets_monday_check" CHECK (extract(isodow from "timesheets"."week_start") = 1)
);
--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "over_time_after_minutes" integer;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "over_time_after_day_or_week" varchar(4);--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_plan_item_id_plan_items_id_fk" FOREIGN KEY ("plan_item_id") REFERENCES "public"."plan_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_org_role_id_org_roles_id_fk" FOREIGN KEY ("org_role_id") REFERENCES "public"."org_roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_decided_by_people_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timesheets_person_week_scope_unique" ON "timesheets" USING btree ("person_id","week_start","scope");--> statement-breakpoint
CREATE INDEX "timesheets_mission_week_idx" ON "timesheets" USING btree ("mission_id","week_start");--> statement-breakpoint
CREATE INDEX "timesheets_org_week_idx" ON "timesheets" USING btree ("org_id","week_start");--> statement-breakpoint
DROP INDEX "action_items_action_idx";--> statement-breakpoint
DROP INDEX "actions_mission_idx";--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "task_code_prefix" varchar(12);--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "task_code_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "action_items_mission_code_idx" ON "action_items" USING btree ("mission_id","code");--> statement-breakpoint
CREATE INDEX "action_items_inverted_dates_idx" ON "action_items" USING btree ("mission_id") WHERE "action_items"."end_date" < "action_items"."start_date";--> statement-breakpoint
CREATE INDEX "actions_mission_code_idx" ON "actions" USING btree ("mission_id","code");--> statement-breakpoint
CREATE INDEX "actions_inverted_dates_idx" ON "actions" USING btree ("mission_id") WHERE "actions"."end_date" < "actions"."start_date";--> statement-breakpoint
CREATE INDEX "action_items_action_idx" ON "action_items" USING btree ("action_id","sort_index");--> statement-breakpoint
CREATE INDEX "actions_mission_idx" ON "actions" USING btree ("mission_id","sort_index");--> statement-breakpoint
-- Rule 50's counter starts where each mission's codes are now: the highest number taken under its prefix.
UPDATE "missions" m SET "task_code_prefix" = m."default_task_code", "task_code_seq" = coalesce((
  SELECT max(substr(c.code, length(m.default_task_code) + 2)::int)
  FROM (
    SELECT code FROM "actions" WHERE mission_id = m.id
    UNION ALL
    SELECT code FROM "action_items" WHERE mission_id = m.id
  ) c
  WHERE left(c.code, length(m.default_task_code) + 1) = m.default_task_code || '-'
    AND substr(c.code, length(m.default_task_code) + 2) ~ '^[0-9]{1,9}$'
), 0)
WHERE m."default_task_code" IS NOT NULL;
