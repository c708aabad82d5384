import { useState } from 'react';
import { Alert, Button, Group, Popover, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { Mission } from '@crewplan/domain/missions/mission';
import { defaultPlanItem, useActionMutations, type Action } from '../api.ts';

/**
 * A new action (a group of tasks) under the mission's default plan item: a title and, optionally, start and end days.
 * The server refuses one date alone, equal dates or a start after the end with its own words ('Sorry was not able to
 * create...'), shown here as they come.
 */
export function NewAction({ mission, onCreated }: { mission: Mission; onCreated: (action: Action) => void }) {
  const { create } = useActionMutations(mission._id);
  const planItem = defaultPlanItem(mission.planItems);
  const [opened, setOpened] = useState(false);
  const [title, setTitle] = useState('');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const reset = () => {
    setTitle('');
    setStartDate('');
    setEndDate('');
    setProblem(null);
  };
  const submit = () => {
    if (!planItem || !title.trim()) return;
    setProblem(null);
    create.mutate(
      { planItemId: planItem._id, title: title.trim(), ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}) },
      {
        onSuccess: ({ action }) => {
          notifications.show({ message: `Action “${action.title}” created.` });
          reset();
          setOpened(false);
          onCreated(action);
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" trapFocus withinPortal={false}>
      <Popover.Target>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={!planItem}
          onClick={() => setOpened((open) => !open)}
        >
          New action
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          aria-label="New action"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs" w={280}>
            <TextInput
              label="Action title"
              required
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              data-autofocus
            />
            <Group gap="xs" grow>
              <TextInput
                type="date"
                label="Start (optional)"
                value={startDate}
                onChange={(event) => setStartDate(event.currentTarget.value)}
              />
              <TextInput type="date" label="End (optional)" value={endDate} onChange={(event) => setEndDate(event.currentTarget.value)} />
            </Group>
            {problem && (
              <Alert color="red" p="xs" role="alert">
                {problem}
              </Alert>
            )}
            <Group justify="flex-end" gap="xs">
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  reset();
                  setOpened(false);
                }}
              >
                Cancel
              </Button>
              <Button size="xs" type="submit" loading={create.isPending} disabled={!title.trim()}>
                Create action
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
