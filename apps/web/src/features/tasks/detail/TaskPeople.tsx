import { useState } from 'react';
import { ActionIcon, Avatar, Button, Group, Popover, Stack, Text, Title } from '@mantine/core';
import { openConfirm } from '../../../components/confirm.ts';
import { IconUserPlus, IconUsersMinus, IconX } from '@tabler/icons-react';
import { initialsOf, type PersonSummary } from '../../../components/people/people-rules.ts';
import { PersonPicker } from '../../../components/people/PersonPicker.tsx';
import { usePeopleMutations, type ActionItem } from '../api.ts';
import { showRemovalFailure } from '../../../lib/removal-failure.ts';
import { plural } from '@crewplan/domain/shared/words';

export interface TaskPeopleProps {
  item: ActionItem;
  /** Everyone of the mission (names of assignees). */
  everyone: ReadonlyMap<string, PersonSummary>;
  /** Who can be assigned (working members). */
  assignable: readonly PersonSummary[];
  canEdit: boolean;
  onError: (error: unknown) => void;
}

/** The task's people: add from the team (someone not on the mission is invited first), remove one by one or all at once. */
export function TaskPeople({ item, everyone, assignable, canEdit, onError }: TaskPeopleProps) {
  const people = usePeopleMutations(item.missionId);
  const [picking, setPicking] = useState(false);
  return (
    <Stack gap="xs" role="group" aria-label="People">
      <Group justify="space-between">
        <Title order={4} size="sm">
          People
        </Title>
        {canEdit && (
          <Group gap="xs">
            {item.people.length > 1 && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconUsersMinus size={14} />}
                loading={people.remove.isPending}
                onClick={() =>
                  openConfirm({
                    title: 'Remove everyone from this task?',
                    children: (
                      <Text size="sm">
                        The {plural(item.people.length, 'person', 'people')} on this task {item.people.length === 1 ? 'is' : 'are'} taken
                        off it.
                      </Text>
                    ),
                    labels: { confirm: 'Remove everyone', cancel: 'Keep them' },
                    confirmProps: { color: 'red' },
                    zIndex: 400,
                    onConfirm: () => people.remove.mutate({ itemId: item._id, peopleIds: 'ALL' }, { onError: showRemovalFailure }),
                  })
                }
              >
                Remove everyone
              </Button>
            )}
            <Popover opened={picking} onChange={setPicking} position="bottom-end" shadow="md" zIndex={400} trapFocus>
              <Popover.Target>
                <Button size="xs" variant="light" leftSection={<IconUserPlus size={14} />} onClick={() => setPicking((open) => !open)}>
                  Add person
                </Button>
              </Popover.Target>
              <Popover.Dropdown>
                <PersonPicker
                  people={assignable}
                  addedIds={item.people}
                  onSelect={(person) => {
                    setPicking(false);
                    people.add.mutate({ itemId: item._id, person: { _id: person.id, email: person.email ?? null } }, { onError });
                  }}
                />
              </Popover.Dropdown>
            </Popover>
          </Group>
        )}
      </Group>
      {item.people.length === 0 && (
        <Text size="xs" c="dimmed">
          Nobody yet.
        </Text>
      )}
      <Group gap="xs">
        {item.people.map((personId) => {
          const person = everyone.get(personId);
          const name = person?.name ?? 'Someone who left';
          return (
            <Group key={personId} gap={4} wrap="nowrap" data-testid="task-person">
              <Avatar size="sm" radius="xl" src={person?.avatar ?? null} alt={name} color="brand" variant="filled">
                {initialsOf(name)}
              </Avatar>
              <Text size="sm">{name}</Text>
              {canEdit && (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={`Remove ${name} from this task`}
                  onClick={() => people.remove.mutate({ itemId: item._id, peopleIds: [personId] }, { onError: showRemovalFailure })}
                >
                  <IconX size={12} />
                </ActionIcon>
              )}
            </Group>
          );
        })}
      </Group>
    </Stack>
  );
}
