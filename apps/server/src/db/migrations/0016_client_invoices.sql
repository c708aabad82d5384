CREATE TABLE "client_invoice_lines" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"invoice_id" varchar(24) NOT NULL,
	"position" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"source_ids" varchar(24)[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_invoice_sources" (
	"source_kind" varchar(12) NOT NULL,
	"source_id" varchar(24) NOT NULL,
	"invoice_id" varchar(24) NOT NULL,
	"line_id" varchar(24) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_invoices" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"org_id" varchar(24) NOT NULL,
	"client_id" varchar(24) NOT NULL,
	"order_id" varchar(24),
	"order_code" text,
	"mission_id" varchar(24),
	"number" integer NOT NULL,
	"status" varchar(8) DEFAULT 'draft' NOT NULL,
	"currency" varchar(3) NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date,
	"notes" text DEFAULT '' NOT NULL,
	"tax_rate" real DEFAULT 0 NOT NULL,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	"tax_note" text,
	"subtotal_minor" bigint DEFAULT 0 NOT NULL,
	"tax_minor" bigint DEFAULT 0 NOT NULL,
	"total_minor" bigint DEFAULT 0 NOT NULL,
	"qbo" boolean DEFAULT false NOT NULL,
	"pdf_storage_key" text,
	"sent_at" timestamp with time zone,
	"sent_to" text,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_invoices_status_check" CHECK ("client_invoices"."status" in ('draft', 'sent', 'paid', 'void'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "country" varchar(2);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "client_invoice_lines" ADD CONSTRAINT "client_invoice_lines_invoice_id_client_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."client_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoice_sources" ADD CONSTRAINT "client_invoice_sources_invoice_id_client_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."client_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoice_sources" ADD CONSTRAINT "client_invoice_sources_line_id_client_invoice_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."client_invoice_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_order_id_client_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."client_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_created_by_people_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_invoice_lines_invoice_idx" ON "client_invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "client_invoice_sources_unique" ON "client_invoice_sources" USING btree ("source_kind","source_id");--> statement-breakpoint
CREATE INDEX "client_invoice_sources_invoice_idx" ON "client_invoice_sources" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_invoices_number_unique" ON "client_invoices" USING btree ("client_id","number");--> statement-breakpoint
CREATE INDEX "client_invoices_org_idx" ON "client_invoices" USING btree ("org_id","created_at");