import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { InvoiceLinesTable } from './InvoiceLinesTable.tsx';
import type { EditLine } from './lines.ts';

const DRAWN_NAME = 'Designer — Ria Member (weeks from 2026-11-09)';
const lines: EditLine[] = [
  {
    key: 'k1',
    kind: 'time',
    sourceIds: ['a'.repeat(24)],
    shown: { description: DRAWN_NAME, quantity: 20, unit: 'h', unitPrice: 80, amount: 1600 },
  },
  {
    key: 'k2',
    kind: 'manual',
    description: 'Travel',
    quantity: 2,
    unit: '',
    unitPrice: 45.5,
    shown: { description: 'Travel', quantity: 2, unit: '', unitPrice: 45.5, amount: 91 },
  },
];
const render = (draft: boolean) =>
  renderToStaticMarkup(
    <MantineProvider>
      <InvoiceLinesTable lines={lines} currency="EUR" draft={draft} setLines={() => {}} />
    </MantineProvider>,
  );
/** The opening tags of the elements whose markup contains `text`. */
const tagsWith = (html: string, text: string) => [...html.matchAll(/<[^>]+>/g)].map(([tag]) => tag).filter((tag) => tag.includes(text));

describe('the lines of a draft invoice', () => {
  it('gives the description column the width the figures leave, and keeps the figures on one line', () => {
    const html = render(true);
    const header = html.match(/<th[^>]*>Description<\/th>/)?.[0];
    expect(header).toMatch(/style="[^"]*width:\s*100%/);
    for (const figure of ['1,600.00 EUR', '45.50 EUR', '91.00 EUR', 'Unit price'])
      expect(html).toMatch(new RegExp(`<t[hd][^>]*white-space:\\s*nowrap[^>]*>${figure}<`));
  });

  it('lets each line name, drawn or typed, fill its column, labelled by its line', () => {
    const html = render(true);
    const inputs = tagsWith(html, '<input');
    expect(inputs).toHaveLength(2);
    expect(inputs[0]).toContain('aria-label="Description of line 1"');
    expect(inputs[0]).toContain(`value="${DRAWN_NAME}"`);
    expect(inputs[1]).toContain('aria-label="Description of line 2"');
    // the input's root fills the cell (Mantine's w=100%), for both lines
    const roots = html.match(/<div[^>]*class="[^"]*mantine-TextInput-root[^"]*"[^>]*>/g) ?? [];
    expect(roots).toHaveLength(2);
    for (const root of roots) expect(root).toMatch(/style="[^"]*width:\s*100%/);
  });

  it('shows the names of a sent invoice as text', () => {
    const html = render(false);
    expect(html).not.toContain('<input');
    expect(html).toContain(DRAWN_NAME);
  });
});
