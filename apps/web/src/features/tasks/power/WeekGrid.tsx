import { useDroppable } from '@dnd-kit/core';
import { Box, Table, Text } from '@mantine/core';
import type { ActionItem } from '../api.ts';
import { cellsOfWeek, dayLabel, hourLabel, slotId, WORK_HOURS } from './power-rules.ts';
import { TaskChip } from './TaskChip.tsx';

type Covering = { task: ActionItem; starts: boolean }[];

/** The week of working days by the hours 9:00–17:00; every cell takes a dropped task. */
export function WeekGrid({
  days,
  tasks,
  includeWeekends,
  canWork,
}: {
  days: string[];
  tasks: ActionItem[];
  includeWeekends: boolean;
  canWork: boolean;
}) {
  const cells = cellsOfWeek(tasks, days, includeWeekends);
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Table withTableBorder withColumnBorders layout="fixed" miw={days.length * 130 + 60} aria-label="Week schedule">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={60}>Hour</Table.Th>
            {days.map((day) => (
              <Table.Th key={day}>{dayLabel(day)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {WORK_HOURS.map((hour) => (
            <Table.Tr key={hour}>
              <Table.Th scope="row">
                <Text size="xs">{hourLabel(hour)}</Text>
              </Table.Th>
              {days.map((day) => (
                <Slot key={day} day={day} hour={hour} covering={cells.get(`${day}:${hour}`) ?? []} canWork={canWork} />
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

function Slot({ day, hour, covering, canWork }: { day: string; hour: number; covering: Covering; canWork: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: slotId(day, hour) });
  const label = `${dayLabel(day)} ${hourLabel(hour)}`;
  return (
    <Table.Td
      ref={setNodeRef}
      data-testid={`slot-${day}-${hour}`}
      aria-label={label}
      p={2}
      h={44}
      style={{ verticalAlign: 'top', background: isOver ? 'var(--mantine-color-blue-light-hover)' : undefined }}
    >
      {covering.map(({ task, starts }) =>
        starts ? (
          <TaskChip key={task._id} task={task} disabled={!canWork} where={label} />
        ) : (
          <Text key={task._id} size="xs" c="dimmed" lineClamp={1} px={6}>
            {task.title} (continued)
          </Text>
        ),
      )}
    </Table.Td>
  );
}
