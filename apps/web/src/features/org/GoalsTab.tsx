import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useGoals, type OrgDetail } from './api.ts';
import { FormError } from './FormError.tsx';

/** Goals (portfolios) the caller may see, as the server lists them. */
export function GoalsTab({ org }: { org: OrgDetail }) {
  const goals = org.goals.filter((goal) => !goal.isDeleted);
  const calls = useGoals(org._id);
  const [title, setTitle] = useState('');
  const add = (event: FormEvent) => {
    event.preventDefault();
    calls.create.mutate({ title: title.trim() }, { onSuccess: () => setTitle('') });
  };
  return (
    <Stack>
      <Title order={2} size="h4">
        Goals
      </Title>
      {goals.length === 0 && <Text c="dimmed">No goals yet.</Text>}
      {goals.map((goal) => (
        <Paper key={goal._id} withBorder p="sm">
          <Group justify="space-between">
            <div>
              <Text fw={500}>{goal.title}</Text>
              {goal.description && (
                <Text size="sm" c="dimmed">
                  {goal.description}
                </Text>
              )}
            </div>
            {goal.abilities.delete && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${goal.title}`}
                onClick={() =>
                  calls.remove.mutate(goal._id, { onError: (error) => notifications.show({ message: error.message, color: 'red' }) })
                }
              >
                <IconTrash size={16} aria-hidden="true" />
              </ActionIcon>
            )}
          </Group>
        </Paper>
      ))}
      {org.abilities.createGoals && (
        <form onSubmit={add} aria-label="Add a goal">
          <Group align="end">
            <TextInput label="Goal name" value={title} onChange={(e) => setTitle(e.currentTarget.value)} required />
            <Button type="submit" loading={calls.create.isPending}>
              Add goal
            </Button>
          </Group>
          {calls.create.isError && <FormError mt="xs">{calls.create.error.message}</FormError>}
        </form>
      )}
    </Stack>
  );
}
