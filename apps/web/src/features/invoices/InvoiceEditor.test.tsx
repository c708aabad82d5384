import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '@crewplan/domain/invoices/invoices';
import { invoiceQuery } from './api.ts';
import { InvoiceEditor, REVERSE_CHARGE_HINT } from './InvoiceEditor.tsx';

const invoice = (client: Pick<Invoice['client'], 'country' | 'vatNumber'>, status: Invoice['status'] = 'draft'): Invoice => ({
  _id: 'i'.repeat(24),
  org: 'o'.repeat(24),
  client: { _id: 'c'.repeat(24), name: 'Kunde GmbH', email: null, address: null, ...client },
  order: null,
  mission: null,
  number: 1,
  numberText: '0001',
  status,
  currency: 'EUR',
  issueDate: '2026-11-25',
  dueDate: null,
  notes: '',
  lines: [],
  subtotal: 0,
  tax: 0,
  total: 0,
  taxRate: 19,
  reverseCharge: false,
  taxNote: null,
  qbo: false,
  pdfUploaded: false,
  pdfUrl: '',
  sentAt: null,
  sentTo: null,
  paidAt: null,
  voidedAt: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  abilities: { update: true, delete: true, send: true },
});

const render = (shown: Invoice, orgCountry: string | null) => {
  const client = new QueryClient();
  client.setQueryData(invoiceQuery(shown._id).queryKey, shown);
  return renderToStaticMarkup(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <InvoiceEditor orgId={shown.org} invoiceId={shown._id} orgTitle="Timber Works" orgCountry={orgCountry} />
      </QueryClientProvider>
    </MantineProvider>,
  );
};
const hint = REVERSE_CHARGE_HINT.replaceAll("'", '&#x27;');

describe('the reverse charge of an organisation without a country', () => {
  it.each([
    ['a draft to an EU business client, no organisation country', invoice({ country: 'DE', vatNumber: 'DE123456789' }), null, true],
    ['the organisation has a country', invoice({ country: 'DE', vatNumber: 'DE123456789' }), 'GR', false],
    ['a consumer (no VAT number)', invoice({ country: 'DE', vatNumber: null }), null, false],
    ['a client outside the EU', invoice({ country: 'US', vatNumber: 'US-1' }), null, false],
    ['an issued invoice', invoice({ country: 'DE', vatNumber: 'DE123456789' }, 'sent'), null, false],
  ])('%s: hint shown %s', (_case, shown, orgCountry, expected) => {
    expect(render(shown, orgCountry).includes(hint)).toBe(expected);
  });
});
