import { useEffect, useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconListDetails, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { setParams, useUrl } from '../../lib/url-state.ts';
import { orgPeopleQuery, useGoals, type OrgDetail } from './api.ts';
import { useUpdateGoal, type Goal } from './edit-api.ts';
import { goalParamProblem, peopleOptions } from './org-edit-rules.ts';
import { namesOf } from './org-rules.ts';
import { FormError } from '../../components/FormError.tsx';
import { plural } from '@crewplan/domain/shared/words';

const live = <T extends { isDeleted: boolean }>(items: readonly T[]) => items.filter((item) => !item.isDeleted);
const options = (items: readonly { _id: string; title: string }[]) => items.map((item) => ({ value: item._id, label: item.title }));

/** Everybody of the organisation, for owner and manager pickers (the server lists up to 1000). */
export function usePeopleOptions(orgId: string) {
  const people = useQuery(orgPeopleQuery(orgId, { limit: 1000 }));
  return peopleOptions(people.data?.people ?? []);
}

/**
 * Goals (portfolios) the caller may see, as the server lists them. `?org-goal=<id>` opens a goal,
 * `?portfolio-details=<id>` the programs under it. A goal that an edit puts out of the caller's sight
 * disappears with the organisation's next answer, and its dialog closes.
 */
export function GoalsTab({ org }: { org: OrgDetail }) {
  const goals = live(org.goals);
  const calls = useGoals(org._id);
  const people = usePeopleOptions(org._id);
  const { params } = useUrl();
  const openId = params.get('org-goal');
  const detailsId = params.get('portfolio-details');
  const [title, setTitle] = useState('');
  const open = openId ? goals.find((goal) => goal._id === openId) : undefined;
  const details = detailsId ? goals.find((goal) => goal._id === detailsId) : undefined;
  const problem = goalParamProblem(openId ?? detailsId, goals);

  useEffect(() => {
    if (!problem) return;
    notifications.show({ id: 'goal-not-visible', message: problem, color: 'red' });
    setParams({ 'org-goal': null, 'portfolio-details': null, 'org-tab': 'goals' }, { replace: true });
  }, [problem]);

  const add = (event: FormEvent) => {
    event.preventDefault();
    calls.create.mutate({ title: title.trim() }, { onSuccess: () => setTitle('') });
  };
  const ownerName = (id: string | null) => people.find((p) => p.value === id)?.label ?? (id ? 'Somebody else' : 'Nobody');

  return (
    <Stack>
      <Title order={2} size="h4">
        Goals
      </Title>
      {goals.length === 0 && <Text c="dimmed">No goals yet.</Text>}
      {goals.map((goal) => {
        const programs = live(org.programs).filter((program) => program.portfolio === goal._id);
        const places = [...namesOf(goal.departments, org.departments), ...namesOf(goal.offices, org.offices)];
        return (
          <Paper key={goal._id} withBorder p="sm" data-testid="org-goal">
            <Group justify="space-between" wrap="nowrap" align="start">
              <div>
                <Text fw={500}>{goal.title}</Text>
                {goal.description && (
                  <Text size="sm" c="dimmed">
                    {goal.description}
                  </Text>
                )}
                <Group gap={6} mt={6}>
                  <Text size="xs" c="dimmed">
                    Owner: {ownerName(goal.owner)} · {plural(programs.length, 'program')}
                  </Text>
                  {places.map((place) => (
                    <Badge key={place} size="sm" variant="light" color="gray">
                      {place}
                    </Badge>
                  ))}
                </Group>
              </div>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Programs under ${goal.title}`}
                  onClick={() => setParams({ 'portfolio-details': goal._id, 'org-goal': null })}
                >
                  <IconListDetails size={16} aria-hidden="true" />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`${goal.abilities.update ? 'Edit' : 'Open'} ${goal.title}`}
                  onClick={() => setParams({ 'org-goal': goal._id, 'portfolio-details': null })}
                >
                  <IconPencil size={16} aria-hidden="true" />
                </ActionIcon>
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
            </Group>
          </Paper>
        );
      })}
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
      {open && <GoalDialog key={open._id} org={org} goal={open} people={people} />}
      {details && <PortfolioDetails org={org} goal={details} people={people} ownerName={ownerName(details.owner)} />}
    </Stack>
  );
}

/** Closing a goal's dialog stays on the goals tab (the goal parameters were what chose it). */
const closeGoal = () => setParams({ 'org-goal': null, 'org-tab': 'goals' });

function GoalDialog({ org, goal, people }: { org: OrgDetail; goal: Goal; people: { value: string; label: string }[] }) {
  const update = useUpdateGoal(org._id);
  const editable = goal.abilities.update;
  const canChooseOwner = editable && org.abilities.manageAllGoals;
  const [form, setForm] = useState({
    title: goal.title,
    description: goal.description,
    departments: goal.departments,
    offices: goal.offices,
    owner: goal.owner,
  });
  const save = (event: FormEvent) => {
    event.preventDefault();
    const { owner, ...rest } = form;
    // only goal managers may change the owner: others never send it
    const body = {
      ...rest,
      title: rest.title.trim(),
      ...(canChooseOwner && owner !== goal.owner ? { owner } : {}),
      updatedAt: goal.updatedAt,
    };
    update.mutate(
      { id: goal._id, body },
      {
        onSuccess: () => {
          notifications.show({ message: `${body.title} is saved.` });
          closeGoal();
        },
      },
    );
  };
  const ownerChoices =
    people.some((p) => p.value === goal.owner) || !goal.owner ? people : [...people, { value: goal.owner, label: 'Somebody else' }];
  return (
    <Modal opened onClose={closeGoal} title={editable ? `Edit goal ${goal.title}` : `Goal ${goal.title}`} size="lg">
      <form onSubmit={save}>
        <Stack>
          <TextInput
            label="Goal name"
            value={form.title}
            onChange={(e) => setForm({ ...form, title: e.currentTarget.value })}
            required
            disabled={!editable}
            data-autofocus
          />
          <Textarea
            label="Description"
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.currentTarget.value })}
            autosize
            minRows={2}
            disabled={!editable}
          />
          <MultiSelect
            label="Departments"
            description="Managers of these departments see the goal."
            data={options(live(org.departments))}
            value={form.departments}
            onChange={(departments) => setForm({ ...form, departments })}
            searchable
            disabled={!editable}
          />
          <MultiSelect
            label="Offices"
            description="Managers of these offices see the goal."
            data={options(live(org.offices))}
            value={form.offices}
            onChange={(offices) => setForm({ ...form, offices })}
            searchable
            disabled={!editable}
          />
          <Select
            label="Owner"
            description={canChooseOwner ? 'The owner always sees and changes the goal.' : 'Only goal managers choose the owner.'}
            placeholder="Nobody"
            data={ownerChoices}
            value={form.owner}
            onChange={(owner) => setForm({ ...form, owner })}
            searchable
            clearable
            disabled={!canChooseOwner}
          />
          {update.isError && <FormError>{update.error.message}</FormError>}
          <Group justify="flex-end">
            <Button variant="default" onClick={closeGoal}>
              {editable ? 'Cancel' : 'Done'}
            </Button>
            {editable && (
              <Button type="submit" loading={update.isPending}>
                Save goal
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function PortfolioDetails({
  org,
  goal,
  people,
  ownerName,
}: {
  org: OrgDetail;
  goal: Goal;
  people: { value: string; label: string }[];
  ownerName: string;
}) {
  const programs = live(org.programs).filter((program) => program.portfolio === goal._id);
  const close = () => setParams({ 'portfolio-details': null, 'org-tab': 'goals' });
  const managerNames = (ids: readonly string[]) =>
    ids.map((id) => people.find((p) => p.value === id)?.label ?? 'Somebody else').join(', ') || '—';
  return (
    <Modal opened onClose={close} title={`Portfolio ${goal.title}`} size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          Owner: {ownerName}
        </Text>
        {goal.description && <Text size="sm">{goal.description}</Text>}
        <Title order={3} size="h5">
          Programs
        </Title>
        {programs.length === 0 ? (
          <Text size="sm" c="dimmed">
            No programs under this goal yet. Choose it as the portfolio of a program under Structure.
          </Text>
        ) : (
          <Table aria-label={`Programs under ${goal.title}`} data-testid="portfolio-programs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Program</Table.Th>
                <Table.Th>Managers</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {programs.map((program) => (
                <Table.Tr key={program._id}>
                  <Table.Td>{program.title}</Table.Td>
                  <Table.Td>{managerNames(program.managers)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setParams({ 'portfolio-details': null, 'org-goal': goal._id })}>
            {goal.abilities.update ? 'Edit goal' : 'Open goal'}
          </Button>
          <Button onClick={close}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
