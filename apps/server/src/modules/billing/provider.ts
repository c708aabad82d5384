import Stripe from 'stripe';
import { BILLING_MESSAGES } from '@crewplan/domain';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../plugins/types.ts';
import { providerFromConfig, type PaymentProvider } from './payment-provider.ts';

const providers = new WeakMap<Config, PaymentProvider | null>();

/** The provider of this server's configuration, built once; null when payments are not configured. */
export function providerOf(ctx: Pick<AppContext, 'config'>): PaymentProvider | null {
  if (!providers.has(ctx.config)) providers.set(ctx.config, providerFromConfig(ctx.config));
  return providers.get(ctx.config)!;
}

export const notConfigured = () => new AppError(503, 'billing/not-configured', BILLING_MESSAGES.notConfigured);

/** The configured provider, or 503 `billing/not-configured` saying so plainly. */
export function requireProvider(ctx: Pick<AppContext, 'config'>): PaymentProvider {
  const provider = providerOf(ctx);
  if (!provider) throw notConfigured();
  return provider;
}

/**
 * Runs a provider call, turning the provider's refusals into our error shape: a refused card 402, a refused request
 * 422 with the provider's message (spec 2 §8: the server message is shown), an unreachable provider 502.
 */
export async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) throw new AppError(402, 'billing/card-declined', error.message);
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      if (error.statusCode === 404) throw new AppError(404, 'billing/not-found', error.message || BILLING_MESSAGES.paymentMethodUnknown);
      throw new AppError(422, 'billing/provider-refused', error.message || BILLING_MESSAGES.providerFailed);
    }
    if (error instanceof Stripe.errors.StripeIdempotencyError)
      throw new AppError(409, 'billing/idempotency-reused', BILLING_MESSAGES.idempotencyReused);
    if (error instanceof Stripe.errors.StripeError) throw new AppError(502, 'billing/provider-failed', BILLING_MESSAGES.providerFailed);
    throw error;
  }
}
