import { describe, expect, it } from 'vitest';
import { invoicesOfPages, nextPageOffset, projectsOfClient } from './list.ts';

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
