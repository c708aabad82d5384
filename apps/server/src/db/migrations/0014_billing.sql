CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_requests" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"scope" varchar(40) NOT NULL,
	"idempotency_key" varchar(100) NOT NULL,
	"fingerprint" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connected_accounts" (
	"org_id" varchar(24) PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_codes" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"redeemed_org_id" varchar(24),
	"redeemed_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposal_payments" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"mission_id" varchar(24) NOT NULL,
	"org_id" varchar(24) NOT NULL,
	"paid_by" varchar(24),
	"payment_intent_id" text NOT NULL,
	"status" varchar(12) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"org_id" varchar(24) PRIMARY KEY NOT NULL,
	"status" varchar(24) DEFAULT 'not_setup' NOT NULL,
	"customer" jsonb,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"ai_addon" boolean DEFAULT false NOT NULL,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"offer_code_id" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connected_accounts" ADD CONSTRAINT "connected_accounts_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_codes" ADD CONSTRAINT "offer_codes_redeemed_org_id_orgs_id_fk" FOREIGN KEY ("redeemed_org_id") REFERENCES "public"."orgs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_codes" ADD CONSTRAINT "offer_codes_redeemed_by_people_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_payments" ADD CONSTRAINT "proposal_payments_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_payments" ADD CONSTRAINT "proposal_payments_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_payments" ADD CONSTRAINT "proposal_payments_paid_by_people_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_requests_scope_key_unique" ON "billing_requests" USING btree ("scope","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_codes_hash_unique" ON "offer_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "proposal_payments_mission_idx" ON "proposal_payments" USING btree ("mission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_payments_open_unique" ON "proposal_payments" USING btree ("mission_id") WHERE "proposal_payments"."status" <> 'withdrawn';