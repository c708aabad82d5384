import { lazy } from 'react';

/** Client invoices of an organisation (`?org=…&invoice=`): the list, the editor with its PDF preview. Loads on demand. */
export const InvoicesScreen = lazy(() => import('./InvoicesScreen.tsx').then((m) => ({ default: m.InvoicesScreen })));
