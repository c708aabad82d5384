import './styles.ts';
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { addIsoMonths, DEFAULT_PROJECT_MONTHS } from '@crewplan/domain/missions/dates';
import type { ProjectType } from '@crewplan/domain/missions/status';
import { fieldError } from '../../lib/field-errors.ts';
import { setParams, useUrl } from '../../lib/url-state.ts';
import { clientsQuery, myOrgsQuery, orgQuery } from '../org/index.ts';
import { useCreateMission } from './api.ts';
import { clearedCreationParams, creationErrorMessage, creationPrefill, editedMissionOf, PROJECT_TYPE_CHOICES } from './create-rules.ts';
import { datesProblem } from './mission-rules.ts';
import { TemplatePicker } from '../templates/index.ts';

const today = () => new Date().toISOString().slice(0, 10);
const PERSONAL = 'personal';

/** The one mission creation dialog, opened by `mc`, `mc-org`, `mc-program`, … `create-proposal` (prefilled by them). */
export function CreateMissionDialog() {
  const { params } = useUrl();
  const editing = editedMissionOf(params);

  useEffect(() => {
    if (editing) setParams({ ...clearedCreationParams(), mission: editing, 'mission-tab': 'settings' }, { replace: true });
  }, [editing]);

  if (editing) return null;
  return <CreateMissionForm prefill={creationPrefill(params)} />;
}

function CreateMissionForm({ prefill }: { prefill: ReturnType<typeof creationPrefill> }) {
  const orgs = useQuery(myOrgsQuery);
  const [org, setOrg] = useState<string>(prefill.org ?? PERSONAL);
  const orgId = org === PERSONAL ? null : org;
  const detail = useQuery({ ...orgQuery(orgId ?? ''), enabled: Boolean(orgId) });
  const clients = useQuery({ ...clientsQuery(orgId ?? '', false), enabled: Boolean(orgId) });
  const [title, setTitle] = useState('');
  const [projectType, setProjectType] = useState<ProjectType>(prefill.projectType);
  const [start, setStart] = useState(today());
  const [end, setEnd] = useState(addIsoMonths(today(), DEFAULT_PROJECT_MONTHS));
  const [client, setClient] = useState<string | null>(prefill.client);
  const [program, setProgram] = useState<string | null>(prefill.program);
  const [goal, setGoal] = useState<string | null>(prefill.goal);
  const [template, setTemplate] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateMission();
  const noun = prefill.isProposal ? 'proposal' : 'mission';

  const close = () => setParams(clearedCreationParams());
  const submit = () => {
    const invalid = title.trim() ? datesProblem(start, end) : 'A title is needed.';
    setProblem(invalid);
    if (invalid) return;
    create.mutate(
      {
        title: title.trim(),
        org: orgId,
        projectType,
        planStartDate: start,
        planEndDate: end,
        ...(orgId && client ? { client } : {}),
        ...(orgId && program ? { program } : {}),
        ...(orgId && goal ? { goal } : {}),
        ...(orgId && prefill.departmentTags.length > 0 ? { departmentTags: prefill.departmentTags } : {}),
        ...(orgId && prefill.offices.length > 0 ? { offices: prefill.offices } : {}),
        ...(prefill.isProposal ? { isProposal: true } : {}),
        ...(template ? { template } : {}),
      },
      {
        onSuccess: (mission) => setParams({ ...clearedCreationParams(), mission: mission._id, 'mission-tab': null }),
        onError: (error) => notifications.show({ message: creationErrorMessage(error), color: 'red', autoClose: 5_000 }),
      },
    );
  };

  const orgChoices = [
    { value: PERSONAL, label: 'Personal (no organisation)' },
    ...(orgs.data ?? []).map((o) => ({ value: o._id, label: o.title })),
  ];
  const programs = (detail.data?.programs ?? []).filter((p) => !p.isDeleted).map((p) => ({ value: p._id, label: p.title }));
  const goals = (detail.data?.goals ?? []).filter((g) => !g.isDeleted).map((g) => ({ value: g._id, label: g.title }));
  const clientChoices = (clients.data?.clients ?? []).map((c) => ({ value: c._id, label: c.name }));

  return (
    <Modal opened onClose={close} title={prefill.isProposal ? 'New proposal' : 'New mission'} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            maxLength={200}
            required
            data-autofocus
            placeholder={`Name your ${noun}`}
            error={fieldError(create.error, 'title')}
          />
          <Select
            label="Organisation"
            data={orgChoices}
            value={org}
            onChange={(value) => {
              setOrg(value ?? PERSONAL);
              setClient(null);
              setProgram(null);
              setGoal(null);
            }}
            allowDeselect={false}
          />
          <Radio.Group label="Project type" value={projectType} onChange={(value) => setProjectType(value as ProjectType)}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="sm" verticalSpacing="sm">
              {PROJECT_TYPE_CHOICES.map((choice) => (
                <Radio key={choice.value} value={choice.value} label={choice.label} description={choice.description} />
              ))}
            </SimpleGrid>
          </Radio.Group>
          <Group grow>
            <TextInput
              label="Start"
              type="date"
              value={start}
              onChange={(e) => setStart(e.currentTarget.value)}
              required
              error={fieldError(create.error, 'planStartDate')}
            />
            <TextInput
              label="End"
              type="date"
              value={end}
              min={start}
              onChange={(e) => setEnd(e.currentTarget.value)}
              required
              error={fieldError(create.error, 'planEndDate')}
            />
          </Group>
          {orgId && (
            <Group grow align="flex-start">
              <Select label="Client" data={clientChoices} value={client} onChange={setClient} clearable placeholder="No client" />
              {programs.length > 0 && <Select label="Program" data={programs} value={program} onChange={setProgram} clearable />}
              {goals.length > 0 && <Select label="Goal" data={goals} value={goal} onChange={setGoal} clearable />}
            </Group>
          )}
          <TemplatePicker org={orgId} value={template} onChange={setTemplate} proposal={prefill.isProposal} />
          {problem && (
            <Text c="red.8" size="sm" role="alert">
              {problem}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create {noun}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
