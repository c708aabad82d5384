import { describe, expect, it } from 'vitest';
import { exchangeRateQuerySchema } from './currency-api.ts';

describe('the exchange-rate query', () => {
  it.each(['🚀', 'x'.repeat(5000), '2026-02-30', 'a\u0000b', ''])('refuses the end %j by its field, never throwing', (endDate) => {
    const result = exchangeRateQuerySchema.safeParse({ startDate: '2026-01-01', endDate });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toContain('endDate');
  });

  it('takes a range of real days', () => {
    expect(exchangeRateQuerySchema.parse({ startDate: '2026-01-01', endDate: '2026-01-31' })).toMatchObject({ base: 'EUR' });
  });
});
