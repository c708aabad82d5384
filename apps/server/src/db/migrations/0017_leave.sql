CREATE TABLE "leave_attachments" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"leave_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"type" varchar(200) NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_feeds" (
	"person_id" varchar(24) PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "leave_requests" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"org_id" varchar(24) NOT NULL,
	"person_id" varchar(24) NOT NULL,
	"code_id" varchar(40) NOT NULL,
	"status" varchar(24) DEFAULT 'draft' NOT NULL,
	"dates" jsonb NOT NULL,
	"hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"days" jsonb NOT NULL,
	"total_hours" numeric NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_by" varchar(24) NOT NULL,
	"reviews" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_requests_status_check" CHECK ("leave_requests"."status" in ('draft', 'pending_approval', 'pending_final_approval', 'approved', 'rejected', 'cancelled')),
	CONSTRAINT "leave_requests_dates_check" CHECK ("leave_requests"."end_date" >= "leave_requests"."start_date")
);
--> statement-breakpoint
CREATE TABLE "work_from_home_days" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"org_id" varchar(24) NOT NULL,
	"person_id" varchar(24) NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leave_attachments" ADD CONSTRAINT "leave_attachments_leave_id_leave_requests_id_fk" FOREIGN KEY ("leave_id") REFERENCES "public"."leave_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_feeds" ADD CONSTRAINT "leave_feeds_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_from_home_days" ADD CONSTRAINT "work_from_home_days_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_from_home_days" ADD CONSTRAINT "work_from_home_days_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leave_attachments_leave_idx" ON "leave_attachments" USING btree ("leave_id");--> statement-breakpoint
CREATE INDEX "leave_requests_org_start_idx" ON "leave_requests" USING btree ("org_id","start_date");--> statement-breakpoint
CREATE INDEX "leave_requests_person_start_idx" ON "leave_requests" USING btree ("person_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "work_from_home_days_unique" ON "work_from_home_days" USING btree ("org_id","person_id","day");--> statement-breakpoint
CREATE INDEX "work_from_home_days_org_day_idx" ON "work_from_home_days" USING btree ("org_id","day");