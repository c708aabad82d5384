import './styles.ts';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { TIME_MESSAGES } from '@crewplan/domain/time/time';
import { joinRoom } from '../../lib/realtime.ts';
import { useProfile } from '../../lib/profile.ts';
import { setParams, useUrl } from '../../lib/url-state.ts';
import { myTimesheetsQuery, useSaveWeeks, type MyTimesheets, type WeekSave } from './api.ts';
import { FillFromPlanButton } from './FillFromPlanButton.tsx';
import { capacityBars, cellHours, copiedCells, dayTotals, gridRows, moveFocus, sumHours, type GridRow } from './grid.ts';
import classes from './time.module.css';
import { STATUS_COLORS, STATUS_LABELS } from './status.ts';
import { dayLabels, listFrom, localToday, nextWeek, previousWeek, weekOfParam, weekParam, weekTitle } from './week.ts';

const UNREADABLE = 'Type hours like 1.5, 1,5, 1:30 or 90m (at most 24 a day).';

/** The personal weekly timesheet (`time-tracking&week=`): my roles × seven days, saved and submitted a week at a time. */
export function TimeTrackingScreen() {
  const { params } = useUrl();
  const today = localToday();
  const monday = weekOfParam(params.get('week'), today);
  const query = useQuery(myTimesheetsQuery(listFrom(monday, today)));
  const profile = useProfile();
  const personId = profile.data?._id;
  // an approval or a change made elsewhere shows here without reload
  useEffect(() => (personId ? joinRoom(`changes/timesheets/${personId}`) : undefined), [personId]);

  const close = () => setParams({ 'time-tracking': null, week: null });
  const go = (week: string) => setParams({ week: weekParam(week) });

  return (
    <Modal opened onClose={close} title="My timesheets" size="min(72rem, 96vw)" closeButtonProps={{ 'aria-label': 'Close my timesheets' }}>
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
        {query.data && (
          <WeekGrid
            key={monday}
            monday={monday}
            data={query.data}
            personName={profile.data ? `${profile.data.firstName} ${profile.data.lastName}`.trim() : ''}
            onWeek={go}
          />
        )}
      </Stack>
    </Modal>
  );
}

type Data = MyTimesheets;

function WeekGrid({
  monday,
  data,
  personName,
  onWeek,
}: {
  monday: string;
  data: Data;
  personName: string;
  onWeek: (week: string) => void;
}) {
  const rows = useMemo(() => gridRows(data.roles, data.timesheets, monday), [data, monday]);
  // what the person typed and has not saved yet, by role
  const [typed, setTyped] = useState<Record<string, string[]>>({});
  const save = useSaveWeeks();
  const cells = useRef<(HTMLInputElement | null)[][]>([]);
  const days = dayLabels(monday);

  const shown = rows.map((row) => ({ ...row, cells: typed[row.role.planItemId] ?? row.cells }));
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
  const lastMonday = previousWeek(monday);

  if (rows.length === 0)
    return (
      <Stack gap="sm">
        <Alert color="blue" variant="light">
          {TIME_MESSAGES.noProjectRole}
        </Alert>
        <MissingWeeks data={data} onWeek={onWeek} />
      </Stack>
    );

  const type = (row: GridRow, day: number, text: string) =>
    setTyped((all) => {
      const next = [...(all[row.role.planItemId] ?? row.cells)];
      next[day] = text;
      return { ...all, [row.role.planItemId]: next };
    });

  const weekOf = (row: GridRow & { cells: string[] }, status: WeekSave['status']): WeekSave => ({
    missionId: row.role.mission,
    planItemId: row.role.planItemId,
    weekStart: monday,
    dailyHours: cellHours(row.cells).map((hours) => hours ?? 0),
    status,
    snapshot: { missionTitle: row.role.missionTitle, roleTitle: row.role.title, personName },
  });

  const write = (targets: typeof shown, status: WeekSave['status']) => {
    if (targets.some((row) => cellHours(row.cells).includes(null))) {
      notifications.show({ color: 'red', message: UNREADABLE });
      return;
    }
    if (targets.length === 0) return;
    save.mutate(
      targets.map((row) => weekOf(row, status)),
      {
        onSuccess: () => {
          setTyped((all) => Object.fromEntries(Object.entries(all).filter(([id]) => !targets.some((row) => row.role.planItemId === id))));
          notifications.show({ message: status === 'submitted' ? 'Week submitted' : 'Week saved' });
        },
        onError: (error) => notifications.show({ color: 'red', message: error.message }),
      },
    );
  };
  const editable = shown.filter((row) => row.editable);
  const saveTyped = () =>
    write(
      editable.filter((row) => typed[row.role.planItemId]),
      'draft',
    );
  const submit = () => write(editable, 'submitted');
  const copyLastWeek = () => {
    const copied = copiedCells(rows, data.timesheets, lastMonday);
    setTyped((all) => {
      const next = { ...all };
      rows.forEach((row, i) => {
        if (row.editable && copied[i] !== row.cells) next[row.role.planItemId] = copied[i]!;
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
      <Table.ScrollContainer minWidth={760}>
        <Table withTableBorder withColumnBorders aria-label={`Timesheet for the week of ${weekTitle(monday)}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Role</Table.Th>
              {days.map((day) => (
                <Table.Th key={day.date} scope="col" ta="center" title={day.long}>
                  {day.short}
                </Table.Th>
              ))}
              <Table.Th scope="col" ta="right">
                Total
              </Table.Th>
              <Table.Th scope="col" style={{ width: '8rem' }}>
                Status
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row, r) => {
              const hours = cellHours(row.cells);
              return (
                <Table.Tr key={row.role.planItemId} data-testid={`row-${row.role.title}`}>
                  <Table.Th scope="row" fw="normal">
                    <Text size="sm" fw={600}>
                      {row.role.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.role.missionTitle}
                    </Text>
                    {row.status === 'rejected' && row.sheet?.rejectionReason && (
                      <Text size="xs" c="red.8" data-testid="rejection-reason">
                        Rejected: {row.sheet.rejectionReason}
                      </Text>
                    )}
                  </Table.Th>
                  {row.cells.map((text, day) => (
                    <Table.Td
                      key={days[day]!.date}
                      p={0}
                      className={classes.cell}
                      title={`${row.role.missionTitle} · ${row.role.title} · ${days[day]!.long}`}
                    >
                      <div className={classes.bar} style={{ height: `${bars[day]}%` }} aria-hidden="true" />
                      <input
                        ref={(element) => {
                          (cells.current[r] ??= [])[day] = element;
                        }}
                        className={classes.input}
                        aria-label={`${row.role.title}, ${days[day]!.long}`}
                        aria-invalid={hours[day] === null || undefined}
                        inputMode="decimal"
                        value={text}
                        readOnly={!row.editable}
                        data-autofocus={(r === firstEditable && day === 0) || undefined}
                        onFocus={(event) => event.currentTarget.select()}
                        onChange={(event) => type(row, day, event.currentTarget.value)}
                        onKeyDown={(event) => onKey(event, r, day)}
                      />
                    </Table.Td>
                  ))}
                  <Table.Td ta="right" fw={600} data-testid="row-total">
                    {sumHours(hours)}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[row.status]} variant="light">
                      {STATUS_LABELS[row.status]}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">Day total</Table.Th>
              {totals.map((total, day) => (
                <Table.Td key={days[day]!.date} ta="center" fw={600} data-testid="day-total">
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
          <FillFromPlanButton rows={rows} typed={typed} monday={monday} onFill={(cells) => setTyped((all) => ({ ...all, ...cells }))} />
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
            {week.title} · {weekTitle(week.weekStart)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
