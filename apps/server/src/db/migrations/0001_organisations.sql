CREATE TABLE "departments" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"org_id" varchar(24) NOT NULL,
	"title" text NOT NULL,
	"roles_require_approval" boolean DEFAULT false NOT NULL,
	"dont_share_resources" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goals" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"org_id" varchar(24) NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"departments" varchar(24)[] DEFAULT '{}' NOT NULL,
	"offices" varchar(24)[] DEFAULT '{}' NOT NULL,
	"owner_id" varchar(24),
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offices" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"org_id" varchar(24) NOT NULL,
	"title" text NOT NULL,
	"country" varchar(2),
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_api_keys" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"org_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"prefix" varchar(12) NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"created_by" varchar(24),
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_audit_events" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"org_id" varchar(24) NOT NULL,
	"actor_person_id" varchar(24),
	"actor_api_key_id" varchar(24),
	"action" varchar(16) NOT NULL,
	"entity" varchar(24) NOT NULL,
	"entity_id" varchar(24) NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_invites" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"org_id" varchar(24) NOT NULL,
	"invitee_email" text NOT NULL,
	"level" varchar(24) NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"invited_by" varchar(24),
	"responded_by" varchar(24),
	"responded_at" timestamp with time zone,
	"handled_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_people" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"org_id" varchar(24) NOT NULL,
	"person_id" varchar(24) NOT NULL,
	"level" varchar(24) DEFAULT 'MEMBER' NOT NULL,
	"email" text NOT NULL,
	"role_id" varchar(24),
	"departments" varchar(24)[] DEFAULT '{}' NOT NULL,
	"office_id" varchar(24),
	"accessible_departments" varchar(24)[] DEFAULT '{}' NOT NULL,
	"accessible_offices" varchar(24)[] DEFAULT '{}' NOT NULL,
	"can_approve_roles" boolean DEFAULT false NOT NULL,
	"can_approve_leaves" boolean DEFAULT false NOT NULL,
	"can_manage_goals" boolean DEFAULT false NOT NULL,
	"can_create_projects" boolean DEFAULT false NOT NULL,
	"start_date" date,
	"end_date" date,
	"years_of_pre_service" varchar(12),
	"leave_amounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"remove_from_missions" boolean DEFAULT false NOT NULL,
	"removed_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_roles" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"org_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	"rate_time" varchar(20) DEFAULT 'Monthly' NOT NULL,
	"permission" smallint DEFAULT 0 NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_storage_keys" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"org_id" varchar(24) NOT NULL,
	"person_id" varchar(24) NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orgs" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"logo_version" integer,
	"logo_type" text,
	"currency" varchar(3) DEFAULT 'USD' NOT NULL,
	"role_default_rate_time" varchar(20) DEFAULT 'Monthly' NOT NULL,
	"proposal_deadlines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"leave_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"holiday_country_code" varchar(2),
	"days_per_week" smallint DEFAULT 5 NOT NULL,
	"carry_over_annual_leave_cut_off" varchar(5),
	"carry_over_annual_leave_amount" real,
	"carry_over_annual_leave_fx" varchar(10) DEFAULT 'fixed' NOT NULL,
	"invite_domains" text[] DEFAULT '{}' NOT NULL,
	"over_time_after_day_or_week" varchar(4) DEFAULT 'day' NOT NULL,
	"over_time_after" real DEFAULT 8 NOT NULL,
	"is_mfa_required" boolean DEFAULT false NOT NULL,
	"roles_need_approval" boolean DEFAULT false NOT NULL,
	"can_project_managers_approve_roles" boolean DEFAULT false NOT NULL,
	"project_creation_restricted" boolean DEFAULT false NOT NULL,
	"invoicing_disabled" boolean DEFAULT false NOT NULL,
	"is_licensed" boolean DEFAULT false NOT NULL,
	"is_key_licensed" boolean DEFAULT false NOT NULL,
	"is_org_licensed" boolean DEFAULT false NOT NULL,
	"is_licensed_active" boolean DEFAULT false NOT NULL,
	"trial_started_on" timestamp with time zone,
	"created_by" varchar(24),
	"deleted_at" timestamp with time zone,
	"deleted_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"org_id" varchar(24) NOT NULL,
	"title" text NOT NULL,
	"portfolio_id" varchar(24),
	"managers" varchar(24)[] DEFAULT '{}' NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_orders" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"org_id" varchar(24) NOT NULL,
	"client_id" varchar(24) NOT NULL,
	"code" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"amount_minor" bigint,
	"currency" varchar(3),
	"start_date" date,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"org_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"address" text,
	"currency" varchar(3),
	"logo_version" integer,
	"logo_type" text,
	"archived" boolean DEFAULT false NOT NULL,
	"next_invoice_number" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_owner_id_people_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_api_keys" ADD CONSTRAINT "org_api_keys_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_api_keys" ADD CONSTRAINT "org_api_keys_created_by_people_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_audit_events" ADD CONSTRAINT "org_audit_events_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_audit_events" ADD CONSTRAINT "org_audit_events_actor_person_id_people_id_fk" FOREIGN KEY ("actor_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_invites" ADD CONSTRAINT "org_invites_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_invites" ADD CONSTRAINT "org_invites_invited_by_people_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_invites" ADD CONSTRAINT "org_invites_responded_by_people_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_people" ADD CONSTRAINT "org_people_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_people" ADD CONSTRAINT "org_people_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_people" ADD CONSTRAINT "org_people_role_id_org_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."org_roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_people" ADD CONSTRAINT "org_people_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_people" ADD CONSTRAINT "org_people_removed_by_people_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_roles" ADD CONSTRAINT "org_roles_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_storage_keys" ADD CONSTRAINT "org_storage_keys_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_storage_keys" ADD CONSTRAINT "org_storage_keys_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orgs" ADD CONSTRAINT "orgs_created_by_people_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orgs" ADD CONSTRAINT "orgs_deleted_by_people_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_portfolio_id_goals_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."goals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_orders" ADD CONSTRAINT "client_orders_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_orders" ADD CONSTRAINT "client_orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "departments_title_unique" ON "departments" USING btree ("org_id",lower("title")) WHERE not "departments"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "goals_title_unique" ON "goals" USING btree ("org_id",lower("title")) WHERE not "goals"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "offices_title_unique" ON "offices" USING btree ("org_id",lower("title")) WHERE not "offices"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "org_api_keys_hash_unique" ON "org_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "org_api_keys_org_idx" ON "org_api_keys" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "org_audit_events_org_idx" ON "org_audit_events" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "org_audit_events_entity_idx" ON "org_audit_events" USING btree ("org_id","entity","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "org_invites_token_unique" ON "org_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "org_invites_org_email_idx" ON "org_invites" USING btree ("org_id","invitee_email");--> statement-breakpoint
CREATE INDEX "org_invites_email_idx" ON "org_invites" USING btree ("invitee_email");--> statement-breakpoint
CREATE UNIQUE INDEX "org_people_org_person_unique" ON "org_people" USING btree ("org_id","person_id");--> statement-breakpoint
CREATE INDEX "org_people_person_idx" ON "org_people" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "org_people_departments_idx" ON "org_people" USING gin ("departments");--> statement-breakpoint
CREATE UNIQUE INDEX "org_roles_name_unique" ON "org_roles" USING btree ("org_id",lower("name")) WHERE not "org_roles"."is_deleted";--> statement-breakpoint
CREATE INDEX "org_storage_keys_person_idx" ON "org_storage_keys" USING btree ("person_id","org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "programs_title_unique" ON "programs" USING btree ("org_id",lower("title")) WHERE not "programs"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "client_orders_code_unique" ON "client_orders" USING btree ("client_id",lower("code"));--> statement-breakpoint
CREATE INDEX "client_orders_org_idx" ON "client_orders" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_name_unique" ON "clients" USING btree ("org_id",lower("name")) WHERE not "clients"."archived";