CREATE TABLE "rate_cards" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"org_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"used_for_id" varchar(24) NOT NULL,
	"rates_by_role" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rate_cards" ADD CONSTRAINT "rate_cards_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rate_cards_used_for_unique" ON "rate_cards" USING btree ("org_id","used_for_id");--> statement-breakpoint
CREATE INDEX "rate_cards_org_idx" ON "rate_cards" USING btree ("org_id");