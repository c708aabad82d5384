import type { KeyboardEvent } from 'react';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconSubtask } from '@tabler/icons-react';
import { ROLE_CELL_LABELS } from '@crewplan/domain/time/role-cells';
import { cellHours, sumHours, type GridRow } from './grid.ts';
import type { Refusal } from './refusal.ts';
import { RejectionReason } from './RejectionReason.tsx';
import { STATUS_COLORS, STATUS_LABELS } from './status.ts';
import { recallable, shownRejection } from './week-status.ts';
import classes from './time.module.css';

type Props = {
  row: GridRow;
  days: { date: string; long: string }[];
  bars: number[];
  refusal: Refusal | null;
  /**
   * Whether the row speaks for its week: says why it was rejected and offers to recall it (a task week does so once,
   * on its first task).
   */
  showsReason: boolean;
  /** Who is looking (null until known): only their own submitted week is recalled. */
  selfId: string | null;
  /** Whether a recall of this row's week is on its way. */
  recalling: boolean;
  onRecall: () => void;
  autofocus: boolean;
  cellRef: (day: number, element: HTMLInputElement | null) => void;
  onType: (day: number, text: string) => void;
  onKey: (event: KeyboardEvent<HTMLInputElement>, day: number) => void;
};

/** One row of the week: a role, or a task under its mission's roles, with seven day cells, its total and its status. */
export function WeekRow({ row, days, bars, refusal, showsReason, selfId, recalling, onRecall, autofocus, cellRef, onType, onKey }: Props) {
  const hours = cellHours(row.cells);
  const refused = refusal?.rowKey === row.key;
  const task = row.kind === 'task';
  const rejection = showsReason ? shownRejection(row) : null;
  return (
    <Table.Tr data-testid={`${task ? 'task' : 'row'}-${row.title}`}>
      <Table.Th scope="row" fw="normal" className={task ? classes.taskHeader : undefined}>
        {task ? (
          <Group gap={6} wrap="nowrap">
            <IconSubtask size={14} aria-hidden="true" className={classes.taskIcon} />
            <Text size="sm" className={classes.rowTitle} title={row.title}>
              {row.title}
            </Text>
          </Group>
        ) : (
          <Text size="sm" fw={600} className={classes.rowTitle} title={row.title}>
            {row.title}
          </Text>
        )}
        {rejection && <RejectionReason c="red.8" data-testid="rejection-reason" prefix="Rejected: " reason={rejection} />}
      </Table.Th>
      {row.cells.map((text, day) => (
        <Table.Td key={days[day]!.date} p={0} className={classes.cell} title={`${row.missionTitle} · ${row.title} · ${days[day]!.long}`}>
          <div className={classes.bar} style={{ height: `${bars[day]}%` }} aria-hidden="true" />
          <input
            ref={(element) => cellRef(day, element)}
            className={classes.input}
            aria-label={`${row.title}, ${days[day]!.long}`}
            aria-invalid={hours[day] === null || (refused && (refusal.day === undefined || refusal.day === day)) || undefined}
            inputMode="decimal"
            value={text}
            readOnly={!row.editable}
            data-autofocus={autofocus && day === 0 ? true : undefined}
            onFocus={(event) => event.currentTarget.select()}
            onChange={(event) => onType(day, event.currentTarget.value)}
            onKeyDown={(event) => onKey(event, day)}
          />
        </Table.Td>
      ))}
      <Table.Td ta="right" fw={600} data-testid="row-total">
        {sumHours(hours)}
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Badge color={STATUS_COLORS[row.status]} variant="light" tt="none" className={classes.statusBadge}>
            {!task && row.status === 'draft' ? ROLE_CELL_LABELS.draft : STATUS_LABELS[row.status]}
          </Badge>
          {showsReason && recallable(row.sheet, selfId) && (
            <Button
              size="compact-xs"
              variant="subtle"
              loading={recalling}
              onClick={onRecall}
              aria-label={`Recall ${task ? `the tasks of ${row.missionTitle}` : row.title}`}
              title="Take the week back as a draft to change it; it leaves the approvers' lists until you submit it again"
              data-testid="recall-week"
            >
              Recall
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
