/** The billing rows of the spec's endpoint catalogue (area `billing`) served by the billing module; paths relative to /api. */
export const BILLING_SPEC_ENDPOINTS: [string, string][] = [
  ['POST', '/mission/:id/proposal/pay'],
  ['DELETE', '/mission/:id/proposal/pay'],
  ['POST', '/org/:orgId/subscription'],
  ['POST', '/org/:orgId/subscription/oob-code'],
  ['PUT', '/org/:orgId/subscription/cancel'],
  ['GET', '/org/:orgId/subscription/customer'],
  ['PUT', '/org/:orgId/subscription/customer'],
  ['PUT', '/org/:orgId/subscription/payment-method/:id'],
  ['POST', '/org/:orgId/subscription/payment-method/:id/attach'],
  ['DELETE', '/org/:orgId/subscription/payment-method/:id/detach'],
  ['GET', '/org/:orgId/subscription/usage'],
  ['POST', '/org/:orgId/stripe/connect/account'],
  ['GET', '/org/:orgId/stripe/connect/account'],
  ['DELETE', '/org/:orgId/stripe/connect/account'],
  ['POST', '/org/:orgId/stripe/connect/account/link'],
  ['POST', '/org/appsumo/oob-code/doc'],
];

/** Billing calls the catalogue does not list: reading the subscription the screens show, and the provider's webhook. */
export const BILLING_EXTRA_ENDPOINTS: [string, string][] = [
  ['GET', '/org/:orgId/subscription'],
  ['POST', '/billing/webhook'],
];
