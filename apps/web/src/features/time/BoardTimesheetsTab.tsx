import './styles.ts';
import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Loader, Modal, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TIME_MESSAGES } from '@crewplan/domain/time/time';
import { rejectionReasonLongEnough } from '@crewplan/domain/time/rules';
import { ROLE_CELL_LABELS } from '@crewplan/domain/time/role-cells';
import { openConfirm } from '../../components/confirm.ts';
import { useProfile } from '../../lib/profile.ts';
import { joinRoom } from '../../lib/realtime.ts';
import { useDecide, useManagedRoleCells, useManagedTimesheets, useReopenWeek, type Timesheet } from './api.ts';
import { EXPORT_CSV_CONFIG, exportLines, missionName, personName, roleName, type Names } from './approvals.ts';
import {
  allRows,
  BOARD_STATUS_OPTIONS,
  cellCounts,
  decidable,
  filterChoices,
  shownRows,
  type BoardFilters,
  type BoardStatus,
} from './board-rows.ts';
import { DecideCell } from './DecideCell.tsx';
import { RejectionReason } from './RejectionReason.tsx';
import { reopenConfirmation } from './reopen.tsx';
import { CELL_COLORS, RoleCellRow } from './RoleCellRow.tsx';
import { STATUS_COLORS, STATUS_LABELS } from './status.ts';
import { weekTitle } from './week.ts';

/** What the board knows of the missions I manage and their people. */
export type BoardTimesheetsProps = {
  workspace: { missions: { _id: string; title: string }[]; people: { _id: string; firstName: string; lastName: string }[] } | undefined;
};

const CELL_SHORTCUTS = ['unfilled', 'needsAssignment', 'draft'] as const;

/**
 * Board › Timesheets: the weeks of the missions I manage and, for each role of a week not submitted, its organisation-level
 * cell ('Unfilled role', 'Needs assignment', 'Not submitted yet (Draft)'); approve or reject one or many (never my own
 * week: somebody else decides it), reopen an approved one (after a confirmation), filter, export the weeks shown.
 */
export function BoardTimesheetsTab({ workspace }: BoardTimesheetsProps) {
  const sheets = useManagedTimesheets();
  const roleCells = useManagedRoleCells();
  const decide = useDecide();
  const reopen = useReopenWeek();
  const selfId = useProfile().data?._id ?? null;
  const [filters, setFilters] = useState<BoardFilters>({ mission: null, person: null, status: 'submitted', week: null });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [rejecting, setRejecting] = useState<Timesheet[] | null>(null);

  const missionIds = (workspace?.missions ?? []).map((mission) => mission._id).join(',');
  // a week submitted, changed or decided elsewhere, or a role (un)assigned, shows here without reload
  useEffect(() => {
    const ids = missionIds ? missionIds.split(',') : [];
    const leave = ids.flatMap((id) => [joinRoom(`changes/timesheets/${id}`), joinRoom(`changes/missions/${id}`)]);
    return () => leave.forEach((stop) => stop());
  }, [missionIds]);

  const names: Names = useMemo(
    () => ({
      people: new Map((workspace?.people ?? []).map((p) => [p._id, `${p.firstName} ${p.lastName}`.trim()])),
      missions: new Map((workspace?.missions ?? []).map((m) => [m._id, m.title])),
    }),
    [workspace],
  );
  const rows = useMemo(() => allRows(sheets.data ?? [], roleCells.data?.cells ?? []), [sheets.data, roleCells.data]);
  const shownAll = shownRows(rows, filters, names);
  const shown = shownAll.flatMap((row) => (row.type === 'sheet' ? [row.sheet] : []));
  const toDecide = shown.filter((sheet) => decidable(sheet, selfId));
  const chosen = toDecide.filter((sheet) => selected.has(sheet._id));
  const counts = cellCounts(rows, filters);

  const run = (decisions: Parameters<typeof decide.mutate>[0], done: string) =>
    decide.mutate(decisions, {
      onSuccess: () => {
        setSelected(new Set());
        setRejecting(null);
        notifications.show({ message: done });
      },
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  const approve = (targets: Timesheet[]) =>
    run(
      targets.map((sheet) => ({ sheet, status: 'approved' as const })),
      targets.length === 1 ? 'Week approved' : `${targets.length} weeks approved`,
    );

  const confirmReopen = (sheet: Timesheet) =>
    openConfirm(
      reopenConfirmation({
        who: personName(sheet, names),
        week: weekTitle(sheet.weekStart),
        onConfirm: () =>
          reopen.mutate(sheet, {
            onSuccess: () => notifications.show({ message: 'Week reopened' }),
            onError: (error) => notifications.show({ color: 'red', message: error.message }),
          }),
      }),
    );

  const exportCsv = async () => {
    const { unparse } = await import('papaparse');
    const csv = unparse(exportLines(shown, names), EXPORT_CSV_CONFIG);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    link.download = 'timesheets.csv';
    link.click();
    // the browser reads the file after this turn; let it go once the download has started
    window.setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  };

  const choices = filterChoices(rows, names, weekTitle);
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (sheets.isPending) return <Loader aria-label="Loading timesheets" />;
  if (sheets.isError)
    return (
      <Alert color="red" role="alert" title="Timesheets could not be loaded">
        {sheets.error.message}
      </Alert>
    );
  return (
    <Stack gap="md" data-testid="board-timesheets">
      <Group justify="space-between" align="end">
        <Group gap="sm" align="end">
          <Select
            label="Week"
            placeholder="All weeks"
            data={choices.weeks}
            value={filters.week}
            clearable
            onChange={(week) => setFilters((f) => ({ ...f, week }))}
          />
          <Select
            label="Mission"
            placeholder="All missions"
            data={choices.missions}
            value={filters.mission}
            clearable
            onChange={(mission) => setFilters((f) => ({ ...f, mission }))}
          />
          <Select
            label="Person"
            placeholder="Everybody"
            data={choices.people}
            value={filters.person}
            clearable
            onChange={(person) => setFilters((f) => ({ ...f, person }))}
          />
          <Select
            label="Status"
            placeholder="Any status"
            data={BOARD_STATUS_OPTIONS}
            value={filters.status}
            clearable
            onChange={(status) => setFilters((f) => ({ ...f, status: status as BoardStatus | null }))}
          />
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={() => void exportCsv()} disabled={shown.length === 0}>
            Export CSV
          </Button>
          <Button variant="default" color="red" disabled={chosen.length === 0} onClick={() => setRejecting(chosen)}>
            Reject selected
          </Button>
          <Button disabled={chosen.length === 0} loading={decide.isPending} onClick={() => approve(chosen)}>
            Approve selected
          </Button>
        </Group>
      </Group>
      <RoleCellShortcuts
        counts={counts}
        status={filters.status}
        failed={roleCells.isError}
        onPick={(status) => setFilters((f) => ({ ...f, status }))}
      />
      {shownAll.length === 0 ? (
        <Text c="dimmed">No timesheets match.</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table highlightOnHover aria-label="Timesheets of my missions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">
                  <Checkbox
                    aria-label="Select every submitted week shown"
                    checked={chosen.length > 0 && chosen.length === toDecide.length}
                    onChange={(event) => setSelected(event.currentTarget.checked ? new Set(toDecide.map((s) => s._id)) : new Set())}
                  />
                </Table.Th>
                <Table.Th scope="col">Person</Table.Th>
                <Table.Th scope="col">Mission · role</Table.Th>
                <Table.Th scope="col">Week</Table.Th>
                <Table.Th scope="col" ta="right">
                  Hours
                </Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Decide</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shownAll.map((row) => {
                if (row.type === 'cell')
                  return <RoleCellRow key={`${row.cell.planItemId}:${row.cell.weekStart}`} cell={row.cell} names={names} />;
                const { sheet } = row;
                const who = personName(sheet, names);
                const decides = decidable(sheet, selfId);
                return (
                  <Table.Tr key={sheet._id} aria-label={`${who}, week of ${weekTitle(sheet.weekStart)}`}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${who}, week of ${weekTitle(sheet.weekStart)}`}
                        disabled={!decides}
                        checked={selected.has(sheet._id)}
                        onChange={() => toggle(sheet._id)}
                      />
                    </Table.Td>
                    <Table.Td>{who}</Table.Td>
                    <Table.Td>
                      {missionName(sheet, names)}
                      {roleName(sheet) && (
                        <Text span c="dimmed" size="sm">
                          {' '}
                          · {roleName(sheet)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{weekTitle(sheet.weekStart)}</Table.Td>
                    <Table.Td ta="right">{sheet.totalHours}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[sheet.status]} variant="light">
                        {STATUS_LABELS[sheet.status]}
                      </Badge>
                      {sheet.status === 'rejected' && sheet.rejectionReason && (
                        <RejectionReason c="dimmed" reason={sheet.rejectionReason} />
                      )}
                    </Table.Td>
                    <DecideCell
                      sheet={sheet}
                      selfId={selfId}
                      deciding={decide.isPending}
                      reopening={reopen.isPending && reopen.variables._id === sheet._id}
                      onApprove={() => approve([sheet])}
                      onReject={() => setRejecting([sheet])}
                      onReopen={() => confirmReopen(sheet)}
                    />
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rejecting && (
        <RejectDialog
          count={rejecting.length}
          pending={decide.isPending}
          onClose={() => setRejecting(null)}
          onReject={(reason) =>
            run(
              rejecting.map((sheet) => ({ sheet, status: 'rejected' as const, reason })),
              rejecting.length === 1 ? 'Week rejected' : `${rejecting.length} weeks rejected`,
            )
          }
        />
      )}
    </Stack>
  );
}

/** How many roles of the weeks in scope are unfilled, need assignment or are not submitted: each picks that status. */
function RoleCellShortcuts(props: {
  counts: Record<(typeof CELL_SHORTCUTS)[number], number>;
  status: BoardStatus | null;
  failed: boolean;
  onPick: (status: BoardStatus) => void;
}) {
  if (props.failed)
    return (
      <Text size="sm" c="dimmed">
        The roles of the weeks could not be loaded.
      </Text>
    );
  const kinds = CELL_SHORTCUTS.filter((kind) => props.counts[kind] > 0);
  if (kinds.length === 0) return null;
  return (
    <Group gap="xs" aria-label="Roles of the weeks">
      {kinds.map((kind) => (
        <Button
          key={kind}
          size="compact-sm"
          variant={props.status === kind ? 'filled' : 'light'}
          color={CELL_COLORS[kind]}
          tt="none"
          aria-pressed={props.status === kind}
          onClick={() => props.onPick(kind)}
        >
          {ROLE_CELL_LABELS[kind]}: {props.counts[kind]}
        </Button>
      ))}
    </Group>
  );
}

/** A rejection says why (at least five characters): the person sees the reason on their week. */
function RejectDialog(props: { count: number; pending: boolean; onClose: () => void; onReject: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = () => {
    if (!rejectionReasonLongEnough(reason)) setError(TIME_MESSAGES.reasonNeeded);
    else props.onReject(reason.trim());
  };
  return (
    <Modal opened onClose={props.onClose} title={props.count === 1 ? 'Reject this week' : `Reject ${props.count} weeks`}>
      <Stack gap="sm">
        <Textarea
          label="Reason"
          description="The person sees it on their week."
          data-autofocus
          autosize
          minRows={2}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={send} loading={props.pending}>
            Reject
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
