import { describe, expect, it } from 'vitest';
import { currencyChangeNotice } from './currencies.ts';

describe("changing a mission's currency", () => {
  it('says nothing while the currency is the saved one', () => {
    expect(currencyChangeNotice('EUR', 'EUR')).toBeNull();
  });

  it('says that the amounts keep their numbers in the new currency', () => {
    expect(currencyChangeNotice('EUR', 'USD')).toBe(
      'Amounts are not converted: the budget, rates, cost items and milestones keep their numbers, counted in USD instead of EUR.',
    );
  });
});
