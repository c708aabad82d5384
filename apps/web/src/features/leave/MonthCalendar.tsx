import { Group, SimpleGrid, Text, Tooltip, UnstyledButton } from '@mantine/core';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY = 86_400_000;

/**
 * A month (weeks start Monday) that shows weekends and public holidays, and the chosen range; clicking a day sets the
 * start, a second click the end.
 */
export function MonthCalendar(props: {
  month: string;
  daysPerWeek: number;
  holidays: { date: string; name: string }[];
  from: string;
  to: string;
  onPick: (day: string) => void;
}) {
  const first = Date.parse(`${props.month}-01T00:00:00Z`);
  const lead = (new Date(first).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let ms = first; iso(ms).startsWith(props.month); ms += DAY) cells.push(iso(ms));
  const holidayOf = new Map(props.holidays.map((holiday) => [holiday.date, holiday.name]));
  return (
    <div aria-label={`Calendar of ${props.month}`} data-testid="leave-calendar">
      <SimpleGrid cols={7} spacing={2} verticalSpacing={2}>
        {WEEKDAYS.map((day) => (
          <Text key={day} size="xs" c="dimmed" ta="center">
            {day}
          </Text>
        ))}
        {cells.map((day, index) => {
          if (!day) return <span key={`blank-${index}`} />;
          const weekend = index % 7 >= props.daysPerWeek;
          const holiday = holidayOf.get(day);
          const chosen = props.from !== '' && day >= props.from && day <= (props.to || props.from);
          const background = chosen
            ? 'var(--mantine-color-blue-light)'
            : holiday
              ? 'var(--mantine-color-red-light)'
              : weekend
                ? 'var(--mantine-color-gray-light)'
                : undefined;
          const button = (
            <UnstyledButton
              key={day}
              onClick={() => props.onPick(day)}
              aria-label={`${day}${holiday ? `, public holiday: ${holiday}` : weekend ? ', weekend' : ''}`}
              aria-pressed={chosen}
              data-holiday={holiday ? 'true' : undefined}
              style={{ background, borderRadius: 4, textAlign: 'center', padding: '4px 0' }}
            >
              <Text size="sm" td={holiday ? 'underline' : undefined}>
                {Number(day.slice(8))}
              </Text>
            </UnstyledButton>
          );
          return holiday ? (
            <Tooltip key={day} label={holiday}>
              {button}
            </Tooltip>
          ) : (
            button
          );
        })}
      </SimpleGrid>
      <Group gap="md" mt={4}>
        <Text size="xs" c="dimmed">
          Grey: weekend · Red: public holiday (not counted) · Blue: your request
        </Text>
      </Group>
    </div>
  );
}
