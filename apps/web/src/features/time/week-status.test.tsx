import { MutationObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { myTimesheetsQuery, recallMutation } from './api.ts';
import { testTimesheet } from './test-timesheet.ts';
import { renderRow, roleRow } from './test-week-row.tsx';
import { recallable, shownRejection } from './week-status.ts';

const ME = 'me';
const recallButtons = (html: string) => html.split('<button').filter((part) => part.split('</button>')[0]!.includes('>Recall<')).length;
const textOf = (html: string) => html.replace(/<[^>]+>/g, '');

describe('recalling a week from My timesheets', () => {
  it('is offered on my own submitted week only', () => {
    expect(recallable(testTimesheet({ person: ME, status: 'submitted' }), ME)).toBe(true);
    expect(recallable(testTimesheet({ person: 'someone-else', status: 'submitted' }), ME)).toBe(false);
    for (const status of ['draft', 'approved', 'rejected'] as const)
      expect(recallable(testTimesheet({ person: ME, status }), ME), status).toBe(false);
    expect(recallable(testTimesheet({ person: ME, status: 'submitted' }), null)).toBe(false);
    expect(recallable(null, ME)).toBe(false);
  });

  it("shows 'Recall' in the status of my submitted week, once per week, and nowhere else", () => {
    const mine = renderRow(roleRow(testTimesheet({ person: ME, status: 'submitted' })));
    expect(recallButtons(mine)).toBe(1);
    expect(mine).toContain('aria-label="Recall Designer"');
    expect(recallButtons(renderRow(roleRow(testTimesheet({ person: 'someone-else', status: 'submitted' }))))).toBe(0);
    expect(recallButtons(renderRow(roleRow(testTimesheet({ person: ME, status: 'approved' }))))).toBe(0);
    expect(recallButtons(renderRow(roleRow(testTimesheet({ person: ME, status: 'draft' }))))).toBe(0);
    expect(recallButtons(renderRow(roleRow(null)))).toBe(0);
    // a task week offers it on its first task only
    const laterTask = roleRow(testTimesheet({ person: ME, status: 'submitted', planItemId: null, form: 'task' }), { kind: 'task' });
    expect(recallButtons(renderRow(laterTask, { showsReason: false }))).toBe(0);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('asks the server, with no confirmation, to put my submitted week back to draft, then reads my weeks again', async () => {
    const sheet = testTimesheet({ _id: 'w1', mission: 'cabins', person: ME, status: 'submitted' });
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ...sheet, status: 'draft' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const mine = myTimesheetsQuery('2026-08-31', '2026-11-23');
    queryClient.setQueryData(mine.queryKey, { timesheets: [sheet], roles: [], tasks: [], missing: [], requested: [] } as never);

    await new MutationObserver(queryClient, recallMutation).mutate(sheet);

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/timesheet/mission/cabins/timesheet/w1');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({ payload: { status: 'draft' } });
    expect(queryClient.getQueryState(mine.queryKey)?.isInvalidated).toBe(true);
  });
});

describe('the rejection reason on my week', () => {
  const REASON = 'Friday was a holiday';

  it('stays while the rejected week is a draft again, until it is submitted', () => {
    const rejected = testTimesheet({ person: ME, status: 'rejected', rejectionReason: REASON });
    expect(shownRejection(roleRow(rejected))).toBe(REASON);
    expect(shownRejection(roleRow({ ...rejected, status: 'draft' }))).toBe(REASON);
    expect(shownRejection(roleRow(testTimesheet({ person: ME, status: 'draft' })))).toBeNull();
    expect(shownRejection(roleRow({ ...rejected, status: 'submitted' }))).toBeNull();
    expect(shownRejection(roleRow(null))).toBeNull();
  });

  it("reads 'Rejected: <reason>' on a rejected week and on the draft it became", () => {
    for (const status of ['rejected', 'draft'] as const) {
      const html = renderRow(roleRow(testTimesheet({ person: ME, status, rejectionReason: REASON })));
      expect(textOf(html), status).toContain(`Rejected: ${REASON}`);
    }
    const draft = testTimesheet({ person: ME, status: 'draft', rejectionReason: REASON });
    expect(textOf(renderRow(roleRow(draft), { showsReason: false }))).not.toContain('Rejected:');
  });
});
