CREATE TABLE "role_plan_items" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"org_id" varchar(24) NOT NULL,
	"status" varchar(40) DEFAULT 'draft' NOT NULL,
	"status_changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"person_id" varchar(24),
	"role_id" varchar(24) NOT NULL,
	"plan_item_id" varchar(24),
	"program_id" varchar(24),
	"mission_id" varchar(24),
	"hours_needed" numeric DEFAULT 0 NOT NULL,
	"hours_approved" numeric DEFAULT 0 NOT NULL,
	"start_date" date,
	"end_date" date,
	"merged_to" varchar(24),
	"merged_on" timestamp with time zone,
	"merged_by" varchar(24),
	"merge_reference_id" varchar(24),
	"split_from" varchar(24),
	"origin" varchar(10) DEFAULT 'product' NOT NULL,
	"meta_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_id" text,
	"context" text,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_plan_items_hours_check" CHECK ("role_plan_items"."hours_needed" >= 0 and "role_plan_items"."hours_approved" >= 0),
	CONSTRAINT "role_plan_items_dates_check" CHECK ("role_plan_items"."start_date" is null or "role_plan_items"."end_date" is null or "role_plan_items"."start_date" <= "role_plan_items"."end_date")
);
--> statement-breakpoint
ALTER TABLE "role_plan_items" ADD CONSTRAINT "role_plan_items_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_plan_items" ADD CONSTRAINT "role_plan_items_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_plan_items" ADD CONSTRAINT "role_plan_items_role_id_org_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."org_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_plan_items" ADD CONSTRAINT "role_plan_items_plan_item_id_plan_items_id_fk" FOREIGN KEY ("plan_item_id") REFERENCES "public"."plan_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_plan_items" ADD CONSTRAINT "role_plan_items_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_plan_items" ADD CONSTRAINT "role_plan_items_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_plan_items" ADD CONSTRAINT "role_plan_items_merged_to_role_plan_items_id_fk" FOREIGN KEY ("merged_to") REFERENCES "public"."role_plan_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_plan_items" ADD CONSTRAINT "role_plan_items_merged_by_people_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_plan_items" ADD CONSTRAINT "role_plan_items_split_from_role_plan_items_id_fk" FOREIGN KEY ("split_from") REFERENCES "public"."role_plan_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_plan_items" ADD CONSTRAINT "role_plan_items_created_by_people_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "role_plan_items_org_idx" ON "role_plan_items" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX "role_plan_items_person_idx" ON "role_plan_items" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "role_plan_items_mission_idx" ON "role_plan_items" USING btree ("mission_id");