import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider, Table } from '@mantine/core';
import type { Timesheet } from '@crewplan/domain/time/time';
import type { GridRow } from './grid.ts';
import { WeekRow } from './WeekRow.tsx';

// The week row of My timesheets for the feature's tests: a role row of the week of 23 Nov 2026, drawn to markup.

export const DAYS = Array.from({ length: 7 }, (_, i) => ({ date: `2026-11-${23 + i}`, long: `Day ${i}` }));

export const roleRow = (sheet: Timesheet | null, over: Partial<GridRow> = {}): GridRow => ({
  key: 'r',
  kind: 'role',
  missionId: 'm',
  missionTitle: 'Harbour cabins',
  title: 'Designer',
  sheet,
  status: sheet?.status ?? 'draft',
  cells: ['', '', '', '', '', '', ''],
  editable: sheet ? sheet.status === 'draft' || sheet.status === 'rejected' : true,
  ...over,
});

export function renderRow(row: GridRow, props: { showsReason?: boolean; onRecall?: () => void; selfId?: string } = {}): string {
  return renderToStaticMarkup(
    <MantineProvider>
      <Table>
        <Table.Tbody>
          <WeekRow
            row={row}
            days={DAYS}
            bars={[0, 0, 0, 0, 0, 0, 0]}
            refusal={null}
            showsReason={props.showsReason ?? true}
            selfId={props.selfId ?? 'me'}
            recalling={false}
            onRecall={props.onRecall ?? (() => undefined)}
            autofocus={false}
            cellRef={() => undefined}
            onType={() => undefined}
            onKey={() => undefined}
          />
        </Table.Tbody>
      </Table>
    </MantineProvider>,
  );
}
