import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider, Table } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Profile } from '@crewplan/domain/people/profile';
import type { Timesheet } from '@crewplan/domain/time/time';
import { profileQuery } from '../../lib/profile.ts';
import { managedRoleCellsQuery, managedTimesheetsQuery } from './api.ts';
import { BoardTimesheetsTab } from './BoardTimesheetsTab.tsx';
import { DecideCell } from './DecideCell.tsx';
import { testTimesheet } from './test-timesheet.ts';
import { renderRow, roleRow } from './test-week-row.tsx';

const SELF = 'ada';
const LONG_REASON = 'x'.repeat(600);
const workspace = {
  missions: [{ _id: 'cabins', title: 'Harbour cabins' }],
  people: [
    { _id: 'ada', firstName: 'Ada', lastName: 'Lovelace' },
    { _id: 'max', firstName: 'Max', lastName: 'Member' },
  ],
};
const submitted = (id: string, person: string): Timesheet =>
  testTimesheet({ _id: id, mission: 'cabins', person, status: 'submitted', dailyHours: [8, 8, 8, 8, 8, 0, 0] });

function renderBoard(sheets: Timesheet[]): string {
  const client = new QueryClient();
  client.setQueryData(profileQuery.queryKey, { _id: SELF } as Profile);
  client.setQueryData(managedTimesheetsQuery.queryKey, sheets);
  client.setQueryData(managedRoleCellsQuery.queryKey, { weeks: [], cells: [] });
  return renderToStaticMarkup(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <BoardTimesheetsTab workspace={workspace} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The markup of the table row whose aria-label starts with `label`. */
function rowOf(html: string, label: string): string {
  const start = html.indexOf(`aria-label="${label}`);
  if (start < 0) throw new Error(`no row "${label}"`);
  return html.slice(start, html.indexOf('</tr>', start));
}
const buttonsIn = (html: string, label: string) =>
  html.split('<button').filter((part) => part.split('</button>')[0]!.includes(`>${label}<`)).length;

describe("the board's Timesheets tab", () => {
  it('offers Approve and Reject on the weeks of others, never on my own', () => {
    const html = renderBoard([submitted('mine', SELF), submitted('theirs', 'max')]);
    const mine = rowOf(html, 'Ada Lovelace, week of');
    const theirs = rowOf(html, 'Max Member, week of');
    expect(buttonsIn(theirs, 'Approve')).toBe(1);
    expect(buttonsIn(theirs, 'Reject')).toBe(1);
    expect(buttonsIn(mine, 'Approve')).toBe(0);
    expect(buttonsIn(mine, 'Reject')).toBe(0);
    expect(mine).toContain('Your own week');
    // my week cannot be picked for 'Approve selected' either
    expect(mine).toMatch(/aria-label="Select Ada Lovelace[^"]*"[^>]*disabled=""/);
    expect(theirs).not.toMatch(/aria-label="Select Max Member[^"]*"[^>]*disabled=""/);
  });
});

describe("a week's actions on the board", () => {
  const approved = (id: string, person: string): Timesheet => ({ ...submitted(id, person), status: 'approved' });
  const actionsOf = (sheet: Timesheet) =>
    renderToStaticMarkup(
      <MantineProvider>
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <DecideCell
                sheet={sheet}
                selfId={SELF}
                deciding={false}
                reopening={false}
                onApprove={() => undefined}
                onReject={() => undefined}
                onReopen={() => undefined}
              />
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </MantineProvider>,
    );

  it('offers Reopen on an approved week of somebody else, and nothing else', () => {
    const html = actionsOf(approved('theirs', 'max'));
    expect(buttonsIn(html, 'Reopen')).toBe(1);
    expect(buttonsIn(html, 'Approve')).toBe(0);
    expect(buttonsIn(html, 'Reject')).toBe(0);
  });

  it('never offers Reopen on my own approved week, nor on a week still to decide', () => {
    expect(buttonsIn(actionsOf(approved('mine', SELF)), 'Reopen')).toBe(0);
    const waiting = actionsOf(submitted('waiting', 'max'));
    expect(buttonsIn(waiting, 'Reopen')).toBe(0);
    expect(buttonsIn(waiting, 'Approve')).toBe(1);
  });
});

describe('a rejection reason', () => {
  const reasonOf = (html: string) => {
    const start = html.lastIndexOf('<p', html.indexOf(LONG_REASON));
    return html.slice(start, html.indexOf('>', start));
  };

  it('wraps anywhere and is clamped on the week, however long its words', () => {
    const sheet = testTimesheet({ status: 'rejected', rejectionReason: LONG_REASON });
    const html = renderRow(roleRow(sheet, { editable: true }), { selfId: 'p' });
    const tag = reasonOf(html);
    expect(tag).toContain('overflow-wrap:anywhere');
    expect(tag).toContain('data-line-clamp="true"');
    expect(tag).toContain(`title="${LONG_REASON}"`);
  });
});
