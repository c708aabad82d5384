-- The provider's checkout session of an invoice's payment link, so that the link can be expired once the invoice
-- takes no more payment there (voided, paid otherwise, or its link replaced).
ALTER TABLE "client_invoices" ADD COLUMN "payment_session_id" text;
