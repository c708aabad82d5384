import { describe, expect, it } from 'vitest';
import { historyLine } from './history-text.ts';

describe('historyLine', () => {
  it('shows a single simple change with its before and after', () => {
    expect(
      historyLine({ action: 'update', entity: 'missions', title: 'Apollo', changes: { title: { from: 'Apolo', to: 'Apollo' } } }),
    ).toBe('Title changed from Apolo to Apollo');
    expect(
      historyLine({ action: 'update', entity: 'missions', title: 'A', changes: { planEndDate: { from: null, to: '2026-01-01' } } }),
    ).toBe('End changed from nothing to 2026-01-01');
  });

  it('reads booleans as yes or no, notBillable as billable', () => {
    expect(historyLine({ action: 'update', entity: 'missions', title: 'A', changes: { notBillable: { from: false, to: true } } })).toBe(
      'Billable changed from yes to no',
    );
    expect(historyLine({ action: 'update', entity: 'missions', title: 'A', changes: { autoAssign: { from: true, to: false } } })).toBe(
      'Auto-assign changed from yes to no',
    );
  });

  it('names a structured change by its field only', () => {
    expect(historyLine({ action: 'update', entity: 'missions', title: 'A', changes: { theme: { from: null, to: { dark: true } } } })).toBe(
      'Theme changed',
    );
  });

  it('lists the fields of a larger change', () => {
    expect(
      historyLine({
        action: 'update',
        entity: 'missions',
        title: 'A',
        changes: { planStartDate: { from: 1, to: 2 }, planEndDate: { from: 1, to: 2 } },
      }),
    ).toBe('Mission changed: start, end');
  });

  it('says what was added or removed', () => {
    expect(historyLine({ action: 'create', entity: 'section.tags', title: 'Design', changes: {} })).toBe('Section Design added');
    expect(historyLine({ action: 'delete', entity: 'kpis', title: 'Margin', changes: {} })).toBe('KPI Margin removed');
  });
});
