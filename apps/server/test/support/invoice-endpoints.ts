/** The rows (method, path) of the spec's endpoint catalogue whose area is invoices; paths are relative to /api. */
export const INVOICE_SPEC_ENDPOINTS: [string, string][] = [
  ['POST', '/clientInvoice/org/:id/client/:clientId'],
  ['GET', '/clientInvoice/org/:id/list'],
  ['PUT', '/clientInvoice/:id'],
  ['DELETE', '/clientInvoice/:id'],
  ['POST', '/clientInvoice/:id/pdf'],
  ['POST', '/clientInvoice/:id/send-email'],
  ['POST', '/clientInvoice/:id/payment-link'],
];

/** Calls of the area the catalogue does not list: what a project can bill, one invoice, its PDF. */
export const INVOICE_EXTRA_ENDPOINTS: [string, string][] = [
  ['GET', '/clientInvoice/org/:id/billable'],
  ['GET', '/clientInvoice/:id'],
  ['GET', '/clientInvoice/:id/pdf'],
];
