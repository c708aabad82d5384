import { lazy } from 'react';

/** Subscriptions and billing of an organisation: loaded on demand when its admins open the billing tab. */
export const BillingPanel = lazy(() => import('./BillingPanel.tsx'));
