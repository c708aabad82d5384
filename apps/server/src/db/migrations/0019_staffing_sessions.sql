CREATE TABLE "staffing_sessions" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"org_id" varchar(24) NOT NULL,
	"owner_id" varchar(24) NOT NULL,
	"bookings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staffing_sessions" ADD CONSTRAINT "staffing_sessions_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staffing_sessions" ADD CONSTRAINT "staffing_sessions_owner_id_people_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staffing_sessions_owner_idx" ON "staffing_sessions" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "staffing_sessions_expires_idx" ON "staffing_sessions" USING btree ("expires_at");