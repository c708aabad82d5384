import { lazy } from 'react';

/** Subscriptions and billing of an organisation: loaded on demand when its admins open the billing tab. */
export const BillingPanel = lazy(() => import('./BillingPanel.tsx'));

/** The offer-code form alone (rule 113: managers may activate the licence without seeing billing). */
export const OfferCodeForm = lazy(() => import('./BillingPanel.tsx').then((module) => ({ default: module.OfferCodeForm })));
