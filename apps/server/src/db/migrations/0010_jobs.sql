CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"locked_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE done_at is null and failed_at is null;--> statement-breakpoint
CREATE INDEX "jobs_done_idx" ON "jobs" USING btree ("done_at") WHERE done_at is not null;--> statement-breakpoint
INSERT INTO "jobs" ("kind", "payload", "run_at", "attempts", "last_error") SELECT 'mail.deliver', jsonb_build_object('mailId', "id"), "next_attempt_at", "attempts", "last_error" FROM "mail_outbox" WHERE "status" = 'queued';--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "next_attempt_at";