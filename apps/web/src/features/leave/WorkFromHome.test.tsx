import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { WorkFromHomeList } from '@crewplan/domain/leave/leave';
import { LEAVE_ROOT } from './api.ts';
import { WorkFromHome } from './WorkFromHome.tsx';

const person = (id: string, firstName: string) => ({ _id: id, firstName, lastName: 'Doe', avatar: null });
type Day = WorkFromHomeList['days'][number];
const day = (id: string, date: string, who: ReturnType<typeof person>, mine: boolean): Day => ({
  _id: id,
  org: 'org-1',
  person: who,
  day: date,
  mine,
});

function render(list: WorkFromHomeList): string {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  client.setQueryData([LEAVE_ROOT, 'work-from-home'], list);
  return renderToStaticMarkup(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <WorkFromHome orgs={[{ _id: 'org-1', title: 'Acme' }]} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const cancelButtons = (html: string) => html.split('>Cancel<').length - 1;
const twoWeeks = { from: '2025-04-01', to: '2025-04-14' };

describe('work-from-home days', () => {
  it("shows my days after the two-week window under 'Your later days', each with Cancel", () => {
    const me = person('p-me', 'Ann');
    const html = render({
      ...twoWeeks,
      days: [day('w1', '2025-04-03', person('p-other', 'Bob'), false)],
      later: [day('l1', '2025-05-01', me, true), day('l2', '2025-05-20', me, true)],
    });
    expect(html).toContain('Your later days');
    const laterPart = html.slice(html.indexOf('Your later days'));
    expect(laterPart.indexOf('1 May 2025')).toBeLessThan(laterPart.indexOf('20 May 2025'));
    expect(cancelButtons(laterPart)).toBe(2);
    expect(html.indexOf('3 Apr 2025')).toBeLessThan(html.indexOf('Your later days'));
  });

  it('writes every day in the shared day format, never as ISO text', () => {
    const me = person('p-me', 'Ann');
    const html = render({
      ...twoWeeks,
      days: [day('w1', '2025-04-03', person('p-other', 'Bob'), false)],
      later: [day('l1', '2027-01-08', me, true)],
    });
    expect(html).toContain('>3 Apr 2025<');
    expect(html).toContain('>8 Jan 2027<');
    expect(html).not.toContain('2025-04-03');
    expect(html).not.toContain('2027-01-08');
  });

  it('leaves the section out when I have no later day, and still shows it when the window is empty', () => {
    expect(render({ ...twoWeeks, days: [], later: [] })).not.toContain('Your later days');
    const onlyLater = render({ ...twoWeeks, days: [], later: [day('l1', '2025-05-01', person('p-me', 'Ann'), true)] });
    expect(onlyLater).toContain('Nobody works from home in the next two weeks.');
    expect(onlyLater).toContain('Your later days');
    expect(cancelButtons(onlyLater)).toBe(1);
  });
});
