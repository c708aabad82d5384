CREATE TABLE "sso_providers" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"oidc_config" text,
	"saml_config" text,
	"user_id" varchar(24),
	"provider_id" text NOT NULL,
	"organization_id" varchar(24),
	"domain" text NOT NULL,
	"domain_verified" boolean DEFAULT false NOT NULL,
	"kind" varchar(10) DEFAULT 'oidc' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_user_id_people_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_organization_id_orgs_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_providers_provider_id_unique" ON "sso_providers" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "sso_providers_domain_idx" ON "sso_providers" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "sso_providers_org_idx" ON "sso_providers" USING btree ("organization_id");