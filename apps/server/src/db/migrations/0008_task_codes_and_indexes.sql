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
