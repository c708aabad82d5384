import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useUpdateMission, type Mission } from './api.ts';
import { FormError } from '../../components/FormError.tsx';
import { formatDay } from '../../lib/days.ts';
import { dateChangeSteps, dateEffectsText, datesProblem } from './mission-rules.ts';

type Step = 'confirm-end' | 'choose-start' | null;

/**
 * The plan dates. Shortening the end asks first (tasks after the new end return to the planning board); moving the
 * start asks whether to move the plan or shift all its dates.
 */
export function DatesForm({ mission }: { mission: Mission }) {
  const [start, setStart] = useState(mission.planStartDate?.slice(0, 10) ?? '');
  const [end, setEnd] = useState(mission.planEndDate?.slice(0, 10) ?? '');
  const [step, setStep] = useState<Step>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateMission(mission._id);
  const steps = dateChangeSteps(
    { start: mission.planStartDate?.slice(0, 10) ?? null, end: mission.planEndDate?.slice(0, 10) ?? null },
    { start, end },
  );

  const save = (shift: boolean) => {
    setStep(null);
    update.mutate(
      { planStartDate: start, planEndDate: end, ...(steps.movesStart ? { shift } : {}) },
      {
        onSuccess: (updated) => {
          setStart(updated.planStartDate?.slice(0, 10) ?? start);
          setEnd(updated.planEndDate?.slice(0, 10) ?? end);
          notifications.show({ message: dateEffectsText(updated) ?? 'The plan dates are saved.' });
        },
      },
    );
  };
  const afterEndConfirmed = () => (steps.movesStart ? setStep('choose-start') : save(false));
  const submit = () => {
    const invalid = datesProblem(start, end);
    setProblem(invalid);
    if (invalid || !steps.changed) return;
    if (steps.shortensEnd) setStep('confirm-end');
    else afterEndConfirmed();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput label="Plan start" type="date" value={start} onChange={(e) => setStart(e.currentTarget.value)} required />
          <TextInput
            label="Plan end"
            type="date"
            value={end}
            min={start || undefined}
            onChange={(e) => setEnd(e.currentTarget.value)}
            required
          />
        </Group>
        {problem && <FormError>{problem}</FormError>}
        {update.isError && <FormError>{update.error.message}</FormError>}
        <Group>
          <Button type="submit" variant="light" loading={update.isPending} disabled={!steps.changed}>
            Save dates
          </Button>
        </Group>
      </Stack>
      <Modal opened={step === 'confirm-end'} onClose={() => setStep(null)} title="Shorten the mission?">
        <Stack>
          <Text size="sm">
            The mission will end on <b>{formatDay(end)}</b> instead of {formatDay(mission.planEndDate)}. Tasks planned after the new end
            lose their dates and return to the planning board, and sections are trimmed to fit.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep(null)}>
              Cancel
            </Button>
            <Button color="red.8" onClick={afterEndConfirmed} data-autofocus>
              Shorten the mission
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={step === 'choose-start'} onClose={() => setStep(null)} title="The start moves" size="lg">
        <Stack>
          <Text size="sm">
            The mission will start on <b>{formatDay(start)}</b> instead of {formatDay(mission.planStartDate)}.
          </Text>
          <Text size="sm">
            <b>Move the plan</b>: only roles pinned to the mission follow the new dates. <b>Shift all dates</b>: unfinished tasks, actions
            and milestones move by the same whole weeks.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep(null)}>
              Cancel
            </Button>
            <Button variant="light" onClick={() => save(false)}>
              Move the plan
            </Button>
            <Button onClick={() => save(true)} data-autofocus>
              Shift all dates
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
