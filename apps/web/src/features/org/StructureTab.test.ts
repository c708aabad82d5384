import { describe, expect, it } from 'vitest';
import { cellOf } from './StructureTab.tsx';

const cost = { key: 'cost', label: 'Cost', kind: 'money' } as const;
const role = (value: number | null) => ({ _id: 'a'.repeat(24), isDeleted: false, abilities: { update: true, delete: true }, cost: value });
const lookups = { goals: [], people: [] };

describe("a role's cost in the structure table: the organisation's currency with its own decimals", () => {
  it.each([
    [1234.5, 'EUR', '1,234.50 EUR'],
    [80, 'USD', '80.00 USD'],
    [1234, 'YEN', '1,234 YEN'], // no minor units: no decimals
    [1234.5, 'YEN', '1,235 YEN'],
  ])('%d %s → %s', (amount, currency, text) => expect(cellOf(cost, role(amount), currency, lookups)).toBe(text));

  it('shows a dash for a cost the viewer may not see', () => {
    expect(cellOf(cost, role(null), 'YEN', lookups)).toBe('—');
  });
});
