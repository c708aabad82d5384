-- What an issued invoice shows of its client, organisation and project, kept as they were when it left draft, so
-- that an invoice sent long ago does not change when its client moves. Invoices already past draft keep what their
-- client, organisation and project say now (the nearest there is to what they were issued with).
ALTER TABLE "client_invoices" ADD COLUMN "issued_details" jsonb;--> statement-breakpoint
UPDATE "client_invoices" i SET "issued_details" = jsonb_build_object(
  'client', jsonb_build_object('name', c.name, 'email', c.email, 'address', c.address, 'country', c.country, 'vatNumber', c.vat_number),
  'org', jsonb_build_object('title', o.title),
  'mission', (SELECT jsonb_build_object('title', m.title) FROM missions m WHERE m.id = i.mission_id)
)
FROM clients c, orgs o
WHERE c.id = i.client_id AND o.id = i.org_id AND i.status <> 'draft';
