import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import { appError } from '../../lib/errors.ts';
import type { AppContext } from '../../plugins/types.ts';
import { providerFromConfig, type PaymentProvider } from './payment-provider.ts';

const providers = new WeakMap<Config, PaymentProvider | null>();

/** The provider of this server's configuration, built once; null when payments are not configured. */
export function providerOf(ctx: Pick<AppContext, 'config'>): PaymentProvider | null {
  if (!providers.has(ctx.config)) providers.set(ctx.config, providerFromConfig(ctx.config));
  return providers.get(ctx.config)!;
}

export const notConfigured = () => appError('billingNotConfigured');

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
    if (error instanceof Stripe.errors.StripeCardError) throw appError('cardDeclined', error.message);
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      if (error.statusCode === 404) throw appError('providerNotFound', error.message);
      throw appError('providerRefused', error.message);
    }
    if (error instanceof Stripe.errors.StripeIdempotencyError) throw appError('idempotencyReused');
    if (error instanceof Stripe.errors.StripeError) throw appError('providerFailed');
    throw error;
  }
}
