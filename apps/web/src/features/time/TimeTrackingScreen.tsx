import './styles.ts';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Alert, Button, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { TIME_MESSAGES } from '@crewplan/domain/time/time';
import { weekWithinRole } from '@crewplan/domain/time/rules';
import { joinRoom } from '../../lib/realtime.ts';
import { usePhone } from '../../lib/phone.ts';
import { useProfile } from '../../lib/profile.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { setParams, useUrl } from '../../lib/url-state.ts';
import { isApiError } from '../../lib/api-error.ts';
import { myAvailabilityQuery, myTimesheetsQuery, useRecallWeek, useSaveWeek, type MyTimesheets, type WeekSave } from './api.ts';
import { dayCapacities, daysOff } from './capacity.ts';
import { FillFromPlanButton } from './FillFromPlanButton.tsx';
import { capacityBars, cellHours, copiedCells, dayTotals, gridRows, moveFocus, sumHours, weekRequest, type GridRow } from './grid.ts';
import { refusalInWords, type Refusal } from './refusal.ts';
import { RequestedRoles } from './RequestedRoles.tsx';
import classes from './time.module.css';
import { WeekRow } from './WeekRow.tsx';
import { dayLabels, listFrom, localToday, nextWeek, previousWeek, weekOfParam, weekParam, weekTitle } from './week.ts';

const UNREADABLE = 'Type hours like 1.5, 1,5, 1:30 or 90m (at most 24 a day).';

/**
 * The personal weekly timesheet (`time-tracking&week=`): by mission, my roles and my tasks × seven days, the whole
 * week saved or submitted in one request.
 */
export function TimeTrackingScreen() {
  const { params } = useUrl();
  const timeZone = useTimeZone();
  const today = localToday(timeZone);
  const monday = weekOfParam(params.get('week'), today);
  const query = useQuery(myTimesheetsQuery(listFrom(monday, today), monday));
  const profile = useProfile();
  const personId = profile.data?._id;
  // a phone gives the week its whole screen
  const phone = usePhone();
  // an approval or a change made elsewhere shows here without reload
  useEffect(() => (personId ? joinRoom(`changes/timesheets/${personId}`) : undefined), [personId]);

  const close = () => setParams({ 'time-tracking': null, week: null });
  const go = (week: string) => setParams({ week: weekParam(week) });

  return (
    <Modal
      opened
      onClose={close}
      title="My timesheets"
      size="min(72rem, 96vw)"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close my timesheets' }}
    >
      <Stack gap="md" data-testid="time-tracking">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <ActionIcon variant="default" size="lg" aria-label="Previous week" onClick={() => go(previousWeek(monday))}>
              <IconChevronLeft size={18} aria-hidden="true" />
            </ActionIcon>
            <Title order={2} size="h4" aria-live="polite">
              {weekTitle(monday)}
            </Title>
            <ActionIcon variant="default" size="lg" aria-label="Next week" onClick={() => go(nextWeek(monday))}>
              <IconChevronRight size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </Group>
        {query.isPending && <Loader aria-label="Loading my timesheets" />}
        {query.isError && (
          <Alert color="red" role="alert">
            {query.error.message}
          </Alert>
        )}
        {query.data && <WeekGrid key={monday} monday={monday} data={query.data} selfId={personId ?? null} onWeek={go} />}
      </Stack>
    </Modal>
  );
}

type Data = MyTimesheets;

/** The rows in groups of one mission each, with each row's place in the whole grid (for the keyboard). */
function byMission<T extends { missionId: string; missionTitle: string }>(rows: readonly T[]) {
  const groups: { missionId: string; missionTitle: string; rows: { row: T; index: number }[] }[] = [];
  rows.forEach((row, index) => {
    const last = groups.at(-1);
    if (last?.missionId === row.missionId) last.rows.push({ row, index });
    else groups.push({ missionId: row.missionId, missionTitle: row.missionTitle, rows: [{ row, index }] });
  });
  return groups;
}

function WeekGrid({ monday, data, selfId, onWeek }: { monday: string; data: Data; selfId: string | null; onWeek: (week: string) => void }) {
  const rows = useMemo(() => gridRows(data.roles, data.tasks, data.timesheets, monday), [data, monday]);
  // what the person typed and has not saved yet, by row
  const [typed, setTyped] = useState<Record<string, string[]>>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const save = useSaveWeek();
  const recall = useRecallWeek();
  const cells = useRef<(HTMLInputElement | null)[][]>([]);
  const days = dayLabels(monday);

  const shown = rows.map((row) => ({ ...row, cells: typed[row.key] ?? row.cells }));
  const firstEditable = shown.findIndex((row) => row.editable);
  // keyboard first: the week opens with its first open cell focused
  useEffect(() => {
    if (firstEditable < 0) return;
    cells.current[firstEditable]?.[0]?.focus();
    // only when the week is shown, not on every change of its rows
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const totals = dayTotals(shown);
  const bars = capacityBars(totals);
  const ledger = useQuery(myAvailabilityQuery(days[0]!.date, days[6]!.date));
  // no ledger days: no organisation of mine plans me (a team member from outside), so there is no capacity to show
  const capacities = ledger.data?.days.length
    ? dayCapacities(
        days.map((day) => day.date),
        ledger.data.days,
        data.roles,
      )
    : null;
  const offDays = ledger.data
    ? daysOff(
        days.map((day) => day.date),
        ledger.data.days,
      )
    : undefined;
  const lastMonday = previousWeek(monday);
  const requested = data.requested.filter((role) => weekWithinRole(monday, role));

  if (rows.length === 0)
    return (
      <Stack gap="sm">
        <Alert color="blue" variant="light">
          {TIME_MESSAGES.noProjectRole}
        </Alert>
        {requested.length > 0 && (
          <Table withTableBorder aria-label="Roles waiting for approval">
            <RequestedRoles roles={requested} />
          </Table>
        )}
        <MissingWeeks data={data} onWeek={onWeek} />
      </Stack>
    );

  const type = (row: GridRow, day: number, text: string) =>
    setTyped((all) => {
      const next = [...(all[row.key] ?? row.cells)];
      next[day] = text;
      return { ...all, [row.key]: next };
    });

  const editable = shown.filter((row) => row.editable);
  // the whole week goes in one request: every open row, typed or not (rows that did not change are not written)
  const write = (status: WeekSave['status']) => {
    const unreadable = editable.find((row) => cellHours(row.cells).includes(null));
    if (unreadable) {
      const day = cellHours(unreadable.cells).indexOf(null);
      const where = `${unreadable.title} (${unreadable.missionTitle}), ${days[day]!.long}`;
      setRefusal({ text: `${where}: ${UNREADABLE}`, rowKey: unreadable.key, day });
      return;
    }
    if (editable.length === 0) return;
    setRefusal(null);
    save.mutate(weekRequest(editable, monday, status), {
      onSuccess: () => {
        setTyped({});
        notifications.show({ message: status === 'submitted' ? 'Week submitted' : 'Week saved' });
      },
      // what was typed stays; the refusal says which row and day
      onError: (error) => setRefusal(refusalInWords(isApiError(error) ? error : { message: error.message }, editable, days)),
    });
  };
  const saveTyped = () => {
    if (Object.keys(typed).length > 0) write('draft');
  };
  const submit = () => write('submitted');
  // nothing is lost by recalling (the hours stay), so no confirmation: the week becomes a draft to change
  const recallWeek = (row: GridRow) => {
    if (!row.sheet) return;
    recall.mutate(row.sheet, {
      onSuccess: () => notifications.show({ message: 'Week recalled' }),
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  };
  const copyLastWeek = () => {
    const copied = copiedCells(rows, data.timesheets, lastMonday);
    setTyped((all) => {
      const next = { ...all };
      rows.forEach((row, i) => {
        if (row.editable && copied[i] !== row.cells) next[row.key] = copied[i]!;
      });
      return next;
    });
  };

  const onKey = (event: KeyboardEvent<HTMLInputElement>, row: number, day: number) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      // Enter saves what was typed; Ctrl+Enter (⌘+Enter) submits the week
      if (event.ctrlKey || event.metaKey) submit();
      else saveTyped();
      return;
    }
    const to = moveFocus({ row, day }, event.key, shown.length);
    if (!to) return;
    event.preventDefault();
    const target = cells.current[to.row]?.[to.day];
    target?.focus();
    target?.select();
  };

  const hasLastWeek = data.timesheets.some((sheet) => sheet.weekStart === lastMonday);
  return (
    <Stack gap="md">
      {refusal && (
        <Alert color="red" variant="light" role="alert" title="Not saved" data-testid="week-refusal">
          {refusal.text}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={840} type="native" className={classes.week}>
        <Table withTableBorder withColumnBorders aria-label={`Timesheet for the week of ${weekTitle(monday)}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" className={classes.titleColumn}>
                Role or task
              </Table.Th>
              {days.map((day) => (
                <Table.Th key={day.date} scope="col" ta="center" title={day.long}>
                  {day.short}
                </Table.Th>
              ))}
              <Table.Th scope="col" ta="right">
                Total
              </Table.Th>
              <Table.Th scope="col" style={{ width: '12.5rem' }}>
                Status
              </Table.Th>
            </Table.Tr>
            {capacities && (
              <Table.Tr data-testid="capacity-row">
                <Table.Th scope="row" fw="normal">
                  <Text size="xs" c="dimmed">
                    Planned / capacity
                  </Text>
                </Table.Th>
                {capacities.map((day) => (
                  <Table.Td
                    key={day.date}
                    p={0}
                    ta="center"
                    className={classes.cell}
                    title={day.tooltip}
                    data-testid={`capacity-${day.date}`}
                    data-over={day.over || undefined}
                  >
                    <div className={day.over ? classes.overBar : classes.bar} style={{ height: `${day.bar}%` }} aria-hidden="true" />
                    <Text size="xs" className={classes.capacityText}>
                      {`${day.plannedHours} / ${day.capacityHours} h`}
                    </Text>
                  </Table.Td>
                ))}
                <Table.Td colSpan={2} />
              </Table.Tr>
            )}
          </Table.Thead>
          {byMission(shown).map((group) => (
            <Table.Tbody key={group.missionId} data-testid={`mission-${group.missionTitle}`}>
              <Table.Tr className={classes.mission}>
                <Table.Th scope="rowgroup" colSpan={10}>
                  <span className={classes.missionTitle}>{group.missionTitle}</span>
                </Table.Th>
              </Table.Tr>
              {group.rows.map(({ row, index }) => (
                <WeekRow
                  key={row.key}
                  row={row}
                  days={days}
                  bars={bars}
                  refusal={refusal}
                  showsReason={row.kind === 'role' || group.rows.find((other) => other.row.kind === 'task')?.row === row}
                  selfId={selfId}
                  recalling={recall.isPending && recall.variables._id === row.sheet?._id}
                  onRecall={() => recallWeek(row)}
                  autofocus={index === firstEditable}
                  cellRef={(day, element) => {
                    (cells.current[index] ??= [])[day] = element;
                  }}
                  onType={(day, text) => type(row, day, text)}
                  onKey={(event, day) => onKey(event, index, day)}
                />
              ))}
            </Table.Tbody>
          ))}
          <RequestedRoles roles={requested} />
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">Day total</Table.Th>
              {totals.map((total, day) => (
                <Table.Td
                  key={days[day]!.date}
                  ta="center"
                  fw={600}
                  c={refusal && !refusal.rowKey && refusal.day === day ? 'red.8' : undefined}
                  data-testid="day-total"
                >
                  {total}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={700} data-testid="week-total">
                {sumHours(totals)}
              </Table.Td>
              <Table.Td />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          Arrow keys move, typing replaces, Enter saves, Ctrl+Enter submits the week. 1.5, 1,5, 1:30 and 90m all read as an hour and a half.
        </Text>
        <Group gap="xs">
          <FillFromPlanButton
            rows={rows}
            typed={typed}
            monday={monday}
            daysOff={offDays}
            onFill={(cells) => setTyped((all) => ({ ...all, ...cells }))}
          />
          <Button variant="default" onClick={copyLastWeek} disabled={!hasLastWeek || editable.length === 0}>
            Copy last week
          </Button>
          <Button variant="default" onClick={saveTyped} loading={save.isPending} disabled={Object.keys(typed).length === 0}>
            Save
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={editable.length === 0}>
            Submit week
          </Button>
        </Group>
      </Group>
      <MissingWeeks data={data} onWeek={onWeek} />
    </Stack>
  );
}

/** Rule 178: weeks of my roles not yet submitted over the last three weeks; each opens its week. */
function MissingWeeks({ data, onWeek }: { data: Data; onWeek: (week: string) => void }) {
  if (data.missing.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-label="Missing timesheets">
      <Text size="sm" fw={600}>
        Missing timesheets ({data.missing.length})
      </Text>
      <Group gap="xs">
        {data.missing.map((week) => (
          <Button key={`${week.planItemId}:${week.weekStart}`} size="compact-sm" variant="light" onClick={() => onWeek(week.weekStart)}>
            {week.title.trim() || TIME_MESSAGES.unspecifiedRole} · {weekTitle(week.weekStart)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
