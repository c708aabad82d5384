import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attachQuerySchema,
  billingDetailsSchema,
  can,
  connectAccountBodySchema,
  connectAccountSchema,
  connectLinkBodySchema,
  connectLinkSchema,
  customerViewSchema,
  idSchema,
  offerCodeBodySchema,
  offerCodeDocSchema,
  ORG_MESSAGES,
  paymentMethodIdSchema,
  paymentMethodSchema,
  paymentMethodUpdateSchema,
  proposalPayBodySchema,
  proposalPaymentSchema,
  subscriptionStartBodySchema,
  subscriptionViewSchema,
  trialStartedSchema,
  usageSchema,
} from '@crewplan/domain';
import { missionAccessOf, orgAccessOf, principalOf } from '../../plugins/authz.ts';
import { startTrial } from '../org/index.ts';
import * as billing from './billing.service.ts';
import { subscribeBillingEvents } from './billing.subscribers.ts';
import * as connect from './connect.service.ts';
import { offerCodeDoc, redeemOfferCode } from './offer-codes.service.ts';
import { payProposal, withdrawProposalPayment } from './proposal.service.ts';
import { receiveWebhook } from './webhooks.service.ts';

const tags = ['billing'];
const orgParams = z.object({ orgId: idSchema });
const methodParams = z.object({ orgId: idSchema, id: paymentMethodIdSchema });
const methodsSchema = z.object({ paymentMethods: z.array(paymentMethodSchema) });
const ADMIN_ONLY = { org: 'billing.manage', refusal: ORG_MESSAGES.administerOrg } as const;

/**
 * Subscriptions and billing (spec 2 §7 Subscription): the plan with its seats, billing details, payment methods,
 * usage and cancelling; offer codes; the connected payment account; proposal payments; the provider's webhook.
 * Organisation admins only, except the proposal payment (its people) and the webhook (signed by the provider).
 */
export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  await subscribeBillingEvents(ctx, app.log);

  r.get('/api/org/:orgId/subscription', {
    config: { authz: ADMIN_ONLY },
    schema: {
      tags,
      summary: "The organisation's plan and status, seats by level with their prices, billing details and payment methods",
      params: orgParams,
      response: { 200: subscriptionViewSchema },
    },
    handler: async (request) => billing.subscriptionView(ctx, orgAccessOf(request)),
  });

  r.post('/api/org/:orgId/subscription', {
    config: { authz: { org: 'trial.start', refusal: ORG_MESSAGES.administerOrg } },
    schema: {
      tags,
      summary:
        'Start the free 30-day trial ({ trial: true }; verified email) or subscribe to Unlimited at the seat prices (once per idempotencyKey)',
      params: orgParams,
      body: subscriptionStartBodySchema,
      response: { 200: z.union([trialStartedSchema, subscriptionViewSchema]) },
    },
    handler: async (request) =>
      'trial' in request.body
        ? startTrial(ctx, orgAccessOf(request), principalOf(request))
        : billing.createSubscription(ctx, orgAccessOf(request), request.body),
  });

  r.post('/api/org/:orgId/subscription/oob-code', {
    // rule 113: the offer code activates the licence, which organisation managers may do as well as admins
    config: { authz: { org: 'licence.activate', refusal: ORG_MESSAGES.activateLicence } },
    schema: {
      tags,
      summary: 'Redeem an offer code for the organisation: it licenses this one organisation, once',
      params: orgParams,
      body: offerCodeBodySchema,
      response: { 200: subscriptionViewSchema },
    },
    handler: async (request) => {
      const access = orgAccessOf(request);
      await redeemOfferCode(ctx, access, request.body.oobCode);
      const view = await billing.subscriptionView(ctx, { ...access, org: { ...access.org, isKeyLicensed: true, isLicensedActive: true } });
      // a manager activates the licence but does not read the billing details and payment methods (admins only)
      return can(access.actor, 'billing.manage') ? view : { ...view, customer: null, paymentMethods: [] };
    },
  });

  r.post('/api/org/appsumo/oob-code/doc', {
    config: { authz: { signedIn: 'offerCode.read' } },
    schema: {
      tags,
      summary: 'What an offer code gives, when it is valid and unused (redeem it with the subscription oob-code call)',
      body: offerCodeBodySchema,
      response: { 200: offerCodeDocSchema },
    },
    handler: async (request) => offerCodeDoc(ctx, request.body.oobCode),
  });

  r.put('/api/org/:orgId/subscription/cancel', {
    config: { authz: ADMIN_ONLY },
    schema: {
      tags,
      summary: 'Cancel the paid subscription at the end of the paid period',
      params: orgParams,
      response: { 200: subscriptionViewSchema },
    },
    handler: async (request) => billing.cancelSubscription(ctx, orgAccessOf(request)),
  });

  r.get('/api/org/:orgId/subscription/customer', {
    config: { authz: ADMIN_ONLY },
    schema: { tags, summary: 'The customer billing details', params: orgParams, response: { 200: customerViewSchema } },
    handler: async (request) => billing.readCustomer(ctx, orgAccessOf(request)),
  });

  r.put('/api/org/:orgId/subscription/customer', {
    config: { authz: ADMIN_ONLY },
    schema: {
      tags,
      summary: 'Save the customer billing details (name, email, organisation, country, zip, VAT number)',
      params: orgParams,
      body: billingDetailsSchema,
      response: { 200: customerViewSchema },
    },
    handler: async (request) => billing.updateCustomer(ctx, orgAccessOf(request), request.body),
  });

  r.put('/api/org/:orgId/subscription/payment-method/:id', {
    config: { authz: ADMIN_ONLY },
    schema: {
      tags,
      summary: "Update one of the organisation's payment methods (holder name, expiry)",
      params: methodParams,
      body: paymentMethodUpdateSchema,
      response: { 200: methodsSchema },
    },
    handler: async (request) => billing.updatePaymentMethod(ctx, orgAccessOf(request), request.params.id, request.body),
  });

  r.post('/api/org/:orgId/subscription/payment-method/:id/attach', {
    config: { authz: ADMIN_ONLY },
    schema: {
      tags,
      summary: 'Attach a payment method; setDefault=1 makes it the default, detachDefault=1 detaches the default it replaces',
      params: methodParams,
      querystring: attachQuerySchema,
      response: { 200: methodsSchema },
    },
    handler: async (request) =>
      billing.attachPaymentMethod(ctx, orgAccessOf(request), request.params.id, {
        setDefault: request.query.setDefault === '1',
        detachDefault: request.query.detachDefault === '1',
      }),
  });

  r.delete('/api/org/:orgId/subscription/payment-method/:id/detach', {
    config: { authz: ADMIN_ONLY },
    schema: { tags, summary: 'Detach a payment method', params: methodParams, response: { 200: methodsSchema } },
    handler: async (request) => billing.detachPaymentMethod(ctx, orgAccessOf(request), request.params.id),
  });

  r.get('/api/org/:orgId/subscription/usage', {
    config: { authz: ADMIN_ONLY },
    schema: { tags, summary: 'Storage used (bytes and decimal GB) and seats billed', params: orgParams, response: { 200: usageSchema } },
    handler: async (request) => billing.usage(ctx, orgAccessOf(request)),
  });

  r.post('/api/org/:orgId/stripe/connect/account', {
    config: { authz: ADMIN_ONLY },
    schema: {
      tags,
      summary: "Connect the organisation to its own payment provider account (it receives its proposals' payments)",
      params: orgParams,
      body: connectAccountBodySchema,
      response: { 201: connectAccountSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await connect.createConnectedAccount(ctx, orgAccessOf(request), request.body.payload)),
  });

  r.get('/api/org/:orgId/stripe/connect/account', {
    config: { authz: ADMIN_ONLY },
    schema: { tags, summary: 'The connected payment account', params: orgParams, response: { 200: connectAccountSchema } },
    handler: async (request) => connect.readConnectedAccount(ctx, orgAccessOf(request)),
  });

  r.delete('/api/org/:orgId/stripe/connect/account', {
    config: { authz: ADMIN_ONLY },
    schema: {
      tags,
      summary: 'Disconnect and delete the connected payment account',
      params: orgParams,
      response: { 200: z.object({ deleted: z.literal(true) }) },
    },
    handler: async (request) => connect.deleteConnectedAccount(ctx, orgAccessOf(request)),
  });

  r.post('/api/org/:orgId/stripe/connect/account/link', {
    config: { authz: ADMIN_ONLY },
    schema: {
      tags,
      summary: "A one-time address at the provider to complete or update the connected account's details",
      params: orgParams,
      body: connectLinkBodySchema,
      response: { 200: connectLinkSchema },
    },
    handler: async (request) => connect.createAccountLink(ctx, orgAccessOf(request), request.body.type),
  });

  r.post('/api/mission/:id/proposal/pay', {
    config: { authz: { mission: 'proposal.pay' } },
    schema: {
      tags,
      summary: "Pay the proposal's budget to its organisation (once per idempotency_key)",
      params: z.object({ id: idSchema }),
      body: proposalPayBodySchema,
      response: { 200: proposalPaymentSchema },
    },
    handler: async (request) => payProposal(ctx, missionAccessOf(request), request.body),
  });

  r.delete('/api/mission/:id/proposal/pay', {
    config: { authz: { mission: 'proposal.pay' } },
    schema: {
      tags,
      summary: 'Withdraw the proposal payment (the person who paid)',
      params: z.object({ id: idSchema }),
      response: { 200: proposalPaymentSchema },
    },
    handler: async (request) => withdrawProposalPayment(ctx, missionAccessOf(request)),
  });

  // The provider's events: verified by their signature on the raw body, so this scope keeps JSON bodies as bytes.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post('/api/billing/webhook', {
      config: { authz: 'public' },
      schema: {
        tags,
        summary: "The payment provider's events (signed); each event id is handled once",
        response: { 200: z.object({ received: z.literal(true), replayed: z.boolean(), handled: z.boolean() }) },
      },
      handler: async (request) => {
        const signature = request.headers['stripe-signature'];
        return receiveWebhook(
          ctx,
          Buffer.isBuffer(request.body) ? request.body : undefined,
          typeof signature === 'string' ? signature : undefined,
        );
      },
    });
  });
}
