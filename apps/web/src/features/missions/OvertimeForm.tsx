import { useState } from 'react';
import { Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FormError } from '../../components/FormError.tsx';
import { fieldError, formMessage } from '../../lib/field-errors.ts';
import { useUpdateMission, type Mission } from './api.ts';

type Mode = Mission['overtime']['mode'];
const MODES: { value: Mode; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
];
/** A day holds 24 hours, a week 168 (the server refuses more). */
const MAX_HOURS: Record<Mode, number> = { day: 24, week: 168 };
const PER: Record<Mode, string> = { day: 'a day', week: 'a week' };

/**
 * The mission's overtime threshold (rule 177): the organisation's unless the mission sets its own; the overtime report
 * and the daily metrics count the mission's hours against it.
 */
export function OvertimeForm({ mission }: { mission: Mission }) {
  const { overtime } = mission;
  const [mode, setMode] = useState<Mode>(overtime.mode);
  const [after, setAfter] = useState<number | ''>(overtime.after);
  const update = useUpdateMission(mission._id);
  const dirty = mode !== overtime.mode || after !== overtime.after;
  const save = (input: { overTimeAfter: number | null; overTimeAfterDayOrWeek: Mode | null }, message: string) =>
    update.mutate(input, { onSuccess: () => notifications.show({ message }) });
  const message = formMessage(update.error, ['overTimeAfter', 'overTimeAfterDayOrWeek']);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (dirty && after !== '')
          save({ overTimeAfter: after, overTimeAfterDayOrWeek: mode }, "The mission's overtime threshold is saved.");
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed" data-testid="overtime-in-effect">
          Overtime counts after {overtime.after} h {PER[overtime.mode]}:{' '}
          {overtime.fromMission ? "this mission's own threshold." : "the organisation's threshold."}
        </Text>
        <Group grow align="flex-start">
          <Select
            label="Count overtime per"
            data={MODES}
            value={mode}
            onChange={(value) => value && setMode(value as Mode)}
            allowDeselect={false}
            error={fieldError(update.error, 'overTimeAfterDayOrWeek')}
          />
          <NumberInput
            label="Overtime after (hours)"
            min={0}
            max={MAX_HOURS[mode]}
            step={0.5}
            decimalScale={2}
            value={after}
            onChange={(value) => setAfter(typeof value === 'number' ? value : value === '' ? '' : Number(value))}
            error={fieldError(update.error, 'overTimeAfter')}
          />
        </Group>
        {message && <FormError>{message}</FormError>}
        <Group gap="xs">
          <Button type="submit" variant="light" loading={update.isPending} disabled={!dirty || after === ''}>
            Save threshold
          </Button>
          {overtime.fromMission && (
            <Button
              variant="subtle"
              disabled={update.isPending}
              onClick={() =>
                save({ overTimeAfter: null, overTimeAfterDayOrWeek: null }, "The mission follows the organisation's overtime threshold.")
              }
            >
              Use the organisation&apos;s threshold
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
