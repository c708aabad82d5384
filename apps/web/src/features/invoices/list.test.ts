import { describe, expect, it } from 'vitest';
import { invoicesOfPages, newDraftPayload, nextPageOffset, projectsOfClient } from './list.ts';

describe('the projects a new invoice may bill', () => {
  const missions = [
    { _id: 'a', client: 'ours' },
    { _id: 'b', client: 'theirs' },
    { _id: 'c', client: null },
  ];
  it.each([
    ['ours', ['a', 'c']],
    ['theirs', ['b', 'c']],
    [null, []],
  ] as const)('to client %s: %j', (clientId, ids) => expect(projectsOfClient(missions, clientId).map((m) => m._id)).toEqual(ids));
});

describe('paging the invoice list', () => {
  const page = (count: number, total: number) => ({ invoices: Array.from({ length: count }, (_, i) => ({ _id: `i${i}` })), total });
  it.each([
    [page(200, 1_001), 0, 200],
    [page(200, 1_001), 800, 1_000],
    [page(1, 1_001), 1_000, undefined],
    [page(0, 5), 200, undefined],
    [page(3, 3), 0, undefined],
  ])('after %#: %s', (last, offset, next) => expect(nextPageOffset(last, offset)).toBe(next));

  it('shows an invoice that moved to the next page once', () => {
    const pages = [
      { invoices: [{ _id: 'new' }, { _id: 'b' }], total: 4 },
      { invoices: [{ _id: 'b' }, { _id: 'a' }], total: 4 },
    ];
    expect(invoicesOfPages(pages).map((i) => i._id)).toEqual(['new', 'b', 'a']);
  });
});

describe('a new draft', () => {
  it('is issued on the day of the person’s own calendar, not the UTC day', () => {
    const zone = process.env.TZ;
    try {
      for (const [tz, day] of [
        ['Pacific/Kiritimati', '2026-03-19'],
        ['Pacific/Pago_Pago', '2026-03-18'],
      ] as const) {
        process.env.TZ = tz;
        // 12:30 UTC on 18 March: already 02:30 on 19 March at UTC+14, and 01:30 on 18 March at UTC-11
        expect(newDraftPayload('o1', null, new Date('2026-03-18T12:30:00Z'))).toEqual({ orderId: 'o1', missionId: null, issueDate: day });
      }
      process.env.TZ = 'Pacific/Pago_Pago';
      expect(newDraftPayload(null, 'm1', new Date('2026-03-19T09:00:00Z')).issueDate).toBe('2026-03-18');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
