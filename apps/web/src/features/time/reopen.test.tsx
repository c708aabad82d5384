import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { MutationObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { managedTimesheetsQuery, reopenMutation } from './api.ts';
import { reopenConfirmation } from './reopen.tsx';
import { testTimesheet } from './test-timesheet.ts';

describe('the confirmation before reopening a week', () => {
  it('says the week goes back to the person as a draft to change and submit again', () => {
    const onConfirm = vi.fn();
    const settings = reopenConfirmation({ who: 'Max Member', week: '23 Nov – 29 Nov 2026', onConfirm });
    const text = renderToStaticMarkup(<MantineProvider>{settings.children}</MantineProvider>).replace(/<[^>]+>/g, '');
    expect(settings.title).toBe('Reopen this approved week?');
    expect(text).toContain('Max Member');
    expect(text).toContain('week of 23 Nov – 29 Nov 2026 goes back to them as a draft');
    expect(text).toContain('change and submit again');
    expect(settings.labels).toEqual({ confirm: 'Reopen week', cancel: 'Cancel' });
    settings.onConfirm!();
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe('reopening a week', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it("asks the server to put the approved week back to draft, then reads the board's weeks again", async () => {
    const sheet = testTimesheet({ _id: 'w1', mission: 'cabins', person: 'max', status: 'approved' });
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ...sheet, status: 'draft' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    queryClient.setQueryData(managedTimesheetsQuery.queryKey, [sheet]);

    await new MutationObserver(queryClient, reopenMutation).mutate(sheet);

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/timesheet/mission/cabins/timesheet/w1');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({ payload: { status: 'draft' } });
    expect(queryClient.getQueryState(managedTimesheetsQuery.queryKey)?.isInvalidated).toBe(true);
  });
});
