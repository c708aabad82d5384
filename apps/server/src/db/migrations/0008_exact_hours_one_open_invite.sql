ALTER TABLE "orgs" ALTER COLUMN "over_time_after" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "orgs" ALTER COLUMN "over_time_after" SET DEFAULT 8;--> statement-breakpoint
ALTER TABLE "action_items" ALTER COLUMN "estimated_duration" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "action_items" ALTER COLUMN "actual_duration" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "actions" ALTER COLUMN "estimated_duration" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "plan_item_schedules" ALTER COLUMN "hours_per_day" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "plan_item_schedules" ALTER COLUMN "hours_per_day" SET DEFAULT 8;--> statement-breakpoint
ALTER TABLE "plan_items" ALTER COLUMN "hours_needed" SET DATA TYPE numeric;--> statement-breakpoint
UPDATE "org_invites" SET "status" = 'revoked' WHERE "id" IN (SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "org_id", "invitee_email" ORDER BY "created_at" DESC, "id" DESC) AS "newest" FROM "org_invites" WHERE "status" = 'pending') AS "open" WHERE "newest" > 1);--> statement-breakpoint
UPDATE "mission_invites" SET "status" = 'revoked' WHERE "id" IN (SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "mission_id", "invitee_email" ORDER BY "created_at" DESC, "id" DESC) AS "newest" FROM "mission_invites" WHERE "status" in ('pending', 'confirmed')) AS "open" WHERE "newest" > 1);--> statement-breakpoint
CREATE UNIQUE INDEX "org_invites_pending_unique" ON "org_invites" USING btree ("org_id","invitee_email") WHERE "org_invites"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "mission_invites_open_unique" ON "mission_invites" USING btree ("mission_id","invitee_email") WHERE "mission_invites"."status" in ('pending', 'confirmed');