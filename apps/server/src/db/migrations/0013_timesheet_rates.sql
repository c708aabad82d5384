ALTER TABLE "timesheets" ADD COLUMN "approved_rate_minor" bigint;--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "approved_rate_time" varchar(20);--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "approved_bill_rate_minor" bigint;--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "approved_bill_unit" varchar(20);--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "approved_currency" varchar(3);--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "approved_rate_item_id" varchar(24);