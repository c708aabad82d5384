CREATE TABLE "action_items" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"action_id" varchar(24) NOT NULL,
	"mission_id" varchar(24) NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"code" text,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"col" varchar(24) DEFAULT 'todo' NOT NULL,
	"start_date" date,
	"end_date" date,
	"due_date" date,
	"week" date,
	"start_hour" smallint,
	"estimated_duration" bigint,
	"completed_on" timestamp with time zone,
	"completed_by" varchar(24),
	"people" varchar(24)[] DEFAULT '{}' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"sort_index" bigint DEFAULT 0 NOT NULL,
	"complexity_multiplier" smallint DEFAULT 10 NOT NULL,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "actions" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"mission_id" varchar(24) NOT NULL,
	"plan_item_id" varchar(24),
	"code" text,
	"title" text NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"start_date" date,
	"end_date" date,
	"due_date" date,
	"week" date,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"estimated_duration" bigint,
	"complexity_multiplier" smallint DEFAULT 10 NOT NULL,
	"source" varchar(16),
	"section_tag_id" varchar(24),
	"people" varchar(24)[] DEFAULT '{}' NOT NULL,
	"parent_id" varchar(24),
	"sort_index" bigint DEFAULT 0 NOT NULL,
	"percent_complete" smallint DEFAULT 0 NOT NULL,
	"wbs" text,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licence_codes" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"redeemed_mission_id" varchar(24),
	"redeemed_by" varchar(24),
	"redeemed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_audit_events" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"mission_id" varchar(24) NOT NULL,
	"actor_person_id" varchar(24),
	"action" varchar(16) NOT NULL,
	"entity" varchar(24) NOT NULL,
	"entity_id" varchar(24) NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_baselines" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"mission_id" varchar(24) NOT NULL,
	"title" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_invites" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"mission_id" varchar(24) NOT NULL,
	"invitee_email" text NOT NULL,
	"person_id" varchar(24),
	"permission" smallint DEFAULT 0 NOT NULL,
	"is_project_manager" boolean DEFAULT false NOT NULL,
	"role" text,
	"message" text DEFAULT '' NOT NULL,
	"auto_create_role" boolean DEFAULT false NOT NULL,
	"plan_item_id" varchar(24),
	"token_hash" varchar(64) NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"invited_by" varchar(24),
	"responded_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_people" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"mission_id" varchar(24) NOT NULL,
	"person_id" varchar(24) NOT NULL,
	"email" text NOT NULL,
	"permission" smallint DEFAULT 0 NOT NULL,
	"is_project_manager" boolean DEFAULT false NOT NULL,
	"role" text,
	"custom_role" text,
	"invite_pending" boolean DEFAULT false NOT NULL,
	"added_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"org_id" varchar(24),
	"title" text NOT NULL,
	"project_code" text,
	"client_id" varchar(24),
	"program_id" varchar(24),
	"goal_id" varchar(24),
	"description" text DEFAULT '' NOT NULL,
	"plan_start_date" date,
	"plan_end_date" date,
	"forecast_start_date" date,
	"forecast_end_date" date,
	"section_tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cols" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"kpis" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"project_status" varchar(12) DEFAULT 'active' NOT NULL,
	"mission_stop" timestamp with time zone,
	"kicked_off" boolean DEFAULT false NOT NULL,
	"project_type" varchar(10) DEFAULT 'simple' NOT NULL,
	"type" varchar(24),
	"currency" varchar(3) DEFAULT 'USD' NOT NULL,
	"budget_available_minor" bigint,
	"no_timesheets" boolean DEFAULT false NOT NULL,
	"not_billable" boolean DEFAULT false NOT NULL,
	"bill_using_milestones" boolean DEFAULT false NOT NULL,
	"department_tags" varchar(24)[] DEFAULT '{}' NOT NULL,
	"offices" varchar(24)[] DEFAULT '{}' NOT NULL,
	"invite_domains" text[] DEFAULT '{}' NOT NULL,
	"theme" jsonb,
	"is_template" boolean DEFAULT false NOT NULL,
	"is_template_saved" boolean DEFAULT false NOT NULL,
	"is_model" boolean DEFAULT false NOT NULL,
	"is_proposal" boolean DEFAULT false NOT NULL,
	"is_process" boolean DEFAULT false NOT NULL,
	"created_from_gt_crm" boolean DEFAULT false NOT NULL,
	"linked_template" varchar(24),
	"linked_project" varchar(24),
	"proposal_link_id" varchar(24),
	"auto_assign" boolean DEFAULT true NOT NULL,
	"default_task_code" varchar(12),
	"is_licensed_active" boolean DEFAULT false NOT NULL,
	"licensed_by" varchar(8),
	"created_by" varchar(24),
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_items" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"mission_id" varchar(24) NOT NULL,
	"type" varchar(20) DEFAULT 'person' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"role" text,
	"org_role_id" varchar(24),
	"person_id" varchar(24),
	"allocation" smallint DEFAULT 100 NOT NULL,
	"start_date" date,
	"end_date" date,
	"rate_minor" bigint DEFAULT 0 NOT NULL,
	"rate_time" varchar(20) DEFAULT 'Monthly' NOT NULL,
	"bill_rate_minor" bigint DEFAULT 0 NOT NULL,
	"bill_unit" varchar(20),
	"quantity" bigint,
	"hours_needed" bigint,
	"amount_minor" bigint,
	"approved" boolean DEFAULT false NOT NULL,
	"inactive" boolean DEFAULT false NOT NULL,
	"was_deleted" boolean DEFAULT false NOT NULL,
	"is_forecast" boolean DEFAULT false NOT NULL,
	"y" smallint,
	"pinned_to" varchar(24),
	"person_left_role" jsonb,
	"raci_on_tasks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"linked_to_task" varchar(24),
	"created_from_gt_crm" boolean DEFAULT false NOT NULL,
	"allocation_draft" jsonb,
	"daily_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"weekly_lump_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"org_id" varchar(24),
	"owner_id" varchar(24) NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_private" boolean DEFAULT true NOT NULL,
	"is_proposal_template" boolean DEFAULT false NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"data_plan_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mission_id" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_action_id_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_completed_by_people_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_created_by_people_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_plan_item_id_plan_items_id_fk" FOREIGN KEY ("plan_item_id") REFERENCES "public"."plan_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_created_by_people_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_codes" ADD CONSTRAINT "licence_codes_redeemed_mission_id_missions_id_fk" FOREIGN KEY ("redeemed_mission_id") REFERENCES "public"."missions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_codes" ADD CONSTRAINT "licence_codes_redeemed_by_people_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_audit_events" ADD CONSTRAINT "mission_audit_events_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_audit_events" ADD CONSTRAINT "mission_audit_events_actor_person_id_people_id_fk" FOREIGN KEY ("actor_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_baselines" ADD CONSTRAINT "mission_baselines_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_baselines" ADD CONSTRAINT "mission_baselines_created_by_people_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_invites" ADD CONSTRAINT "mission_invites_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_invites" ADD CONSTRAINT "mission_invites_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_invites" ADD CONSTRAINT "mission_invites_invited_by_people_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_people" ADD CONSTRAINT "mission_people_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_people" ADD CONSTRAINT "mission_people_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_people" ADD CONSTRAINT "mission_people_added_by_people_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_linked_project_missions_id_fk" FOREIGN KEY ("linked_project") REFERENCES "public"."missions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_created_by_people_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_items" ADD CONSTRAINT "plan_items_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_items" ADD CONSTRAINT "plan_items_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_items" ADD CONSTRAINT "plan_items_created_by_people_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_owner_id_people_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_items_mission_idx" ON "action_items" USING btree ("mission_id");--> statement-breakpoint
CREATE INDEX "action_items_action_idx" ON "action_items" USING btree ("action_id");--> statement-breakpoint
CREATE INDEX "actions_mission_idx" ON "actions" USING btree ("mission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "licence_codes_hash_unique" ON "licence_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "mission_audit_events_mission_idx" ON "mission_audit_events" USING btree ("mission_id","created_at");--> statement-breakpoint
CREATE INDEX "mission_baselines_mission_idx" ON "mission_baselines" USING btree ("mission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_invites_token_unique" ON "mission_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "mission_invites_mission_email_idx" ON "mission_invites" USING btree ("mission_id","invitee_email");--> statement-breakpoint
CREATE INDEX "mission_invites_email_idx" ON "mission_invites" USING btree ("invitee_email");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_people_unique" ON "mission_people" USING btree ("mission_id","person_id");--> statement-breakpoint
CREATE INDEX "mission_people_person_idx" ON "mission_people" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "missions_org_idx" ON "missions" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "missions_linked_project_idx" ON "missions" USING btree ("linked_project");--> statement-breakpoint
CREATE INDEX "plan_items_mission_idx" ON "plan_items" USING btree ("mission_id");--> statement-breakpoint
CREATE INDEX "plan_items_person_idx" ON "plan_items" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "templates_org_idx" ON "templates" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "templates_owner_idx" ON "templates" USING btree ("owner_id");