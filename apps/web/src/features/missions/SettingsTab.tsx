import { useState } from 'react';
import { Button, Divider, Group, Paper, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { openConfirm } from '../../components/confirm.ts';
import { notifications } from '@mantine/notifications';
import { IconTemplate } from '@tabler/icons-react';
import type { ProjectStatus, ProjectType } from '@crewplan/domain/missions/status';
import { useUpdateMission, type Mission } from './api.ts';
import { ColumnsEditor } from './ColumnsEditor.tsx';
import { PROJECT_TYPE_CHOICES } from './create-rules.ts';
import { DatesForm } from './DatesForm.tsx';
import { DeleteMission } from './DeleteMission.tsx';
import { FormError } from '../../components/FormError.tsx';
import { LicenceForms } from './LicenceForms.tsx';
import { OvertimeForm } from './OvertimeForm.tsx';
import { CHOSEN_STATUSES, STATUS_LABELS, statusNeedsConfirmation } from './mission-rules.ts';
import { SaveAsTemplate } from '../templates/index.ts';
import { ThemeSwatches } from './ThemeSwatches.tsx';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function GeneralForm({ mission }: { mission: Mission }) {
  const [title, setTitle] = useState(mission.title);
  const [code, setCode] = useState(mission.projectCode ?? '');
  const [status, setStatus] = useState<ProjectStatus>(mission.projectStatus);
  const update = useUpdateMission(mission._id);
  const dirty = title.trim() !== mission.title || code.trim() !== (mission.projectCode ?? '') || status !== mission.projectStatus;
  // remounted when the saved mission comes back (keyed by its version), maybe before the save's own answer: the
  // promise of `mutateAsync` still tells, where a callback of `mutate` would be dropped
  const save = () =>
    update.mutateAsync({ title: title.trim(), projectCode: code.trim() || null, projectStatus: status }).then(
      () => notifications.show({ message: 'The mission is saved.' }),
      () => undefined, // shown beside the form (update.error)
    );
  const submit = () => {
    if (!title.trim() || !dirty) return;
    if (!statusNeedsConfirmation(mission.projectStatus, status)) return save();
    openConfirm({
      title: `Mark the mission ${STATUS_LABELS[status].toLowerCase()}?`,
      children: <Text size="sm">It leaves the active missions and moves to the vault. You can set it back to active later.</Text>,
      labels: { confirm: `Mark ${STATUS_LABELS[status].toLowerCase()}`, cancel: 'Cancel' },
      onConfirm: save,
    });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <TextInput label="Mission title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={200} required />
        <Group grow align="flex-start">
          <TextInput label="Project code" value={code} onChange={(e) => setCode(e.currentTarget.value)} maxLength={40} />
          <Select
            label="Status"
            data={CHOSEN_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
            value={status === 'planning' ? 'active' : status}
            onChange={(value) => value && setStatus(value as ProjectStatus)}
            allowDeselect={false}
          />
        </Group>
        {update.isError && <FormError>{update.error.message}</FormError>}
        <Group>
          <Button type="submit" variant="light" loading={update.isPending} disabled={!dirty || !title.trim()}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Toggles({ mission }: { mission: Mission }) {
  const update = useUpdateMission(mission._id);
  const billable = !mission.notBillable;
  const toggleBillable = () =>
    openConfirm({
      title: billable ? 'Make the mission non-billable?' : 'Make the mission billable?',
      children: (
        <Text size="sm">
          {billable
            ? 'Its hours and costs will no longer be billed to the client.'
            : 'Its hours and costs will be billed to the client again.'}
        </Text>
      ),
      labels: { confirm: billable ? 'Make non-billable' : 'Make billable', cancel: 'Cancel' },
      onConfirm: () => update.mutate({ notBillable: billable }),
    });
  return (
    <Stack gap="sm">
      <Switch
        label="Billable"
        description="Hours and costs are billed to the client."
        checked={billable}
        onChange={toggleBillable}
        disabled={update.isPending}
      />
      <Switch
        label="Kicked off"
        description="The team is at work: the mission shows as active instead of planning."
        checked={mission.kickedOff}
        onChange={(event) => update.mutate({ kickedOff: event.currentTarget.checked })}
        disabled={update.isPending}
      />
      <Switch
        label="Assign tasks automatically"
        description="New tasks go to the person holding the matching role."
        checked={mission.autoAssign}
        onChange={(event) => update.mutate({ autoAssign: event.currentTarget.checked })}
        disabled={update.isPending}
      />
      {mission.projectType === 'power' && (
        <Switch
          label="Include weekends"
          description="The power schedule plans work on Saturdays and Sundays too."
          checked={mission.includeWeekends}
          onChange={(event) => update.mutate({ includeWeekends: event.currentTarget.checked })}
          disabled={update.isPending}
        />
      )}
      {update.isError && <FormError>{update.error.message}</FormError>}
    </Stack>
  );
}

/**
 * The project type (spec 1 §1, rule 16): it decides the work view — simple and kanban share the board, power and gantt
 * have their own. The same actions and tasks show in the new view.
 */
function ProjectTypeSelect({ mission }: { mission: Mission }) {
  const update = useUpdateMission(mission._id);
  const change = (value: string | null) => {
    const choice = PROJECT_TYPE_CHOICES.find((entry) => entry.value === value);
    if (!choice || choice.value === mission.projectType) return;
    update.mutate(
      { projectType: choice.value as ProjectType },
      { onSuccess: () => notifications.show({ message: `The mission is now a ${choice.label.toLowerCase()} project.` }) },
    );
  };
  return (
    <Stack gap={4} mb="md">
      <Select
        label="Project type"
        description={PROJECT_TYPE_CHOICES.find((entry) => entry.value === mission.projectType)?.description}
        data={PROJECT_TYPE_CHOICES.map((entry) => ({ value: entry.value, label: entry.label }))}
        value={mission.projectType}
        onChange={change}
        allowDeselect={false}
        disabled={update.isPending}
      />
      {update.isError && <FormError>{update.error.message}</FormError>}
    </Stack>
  );
}

/** Mission settings (for those who may update it). */
export function SettingsTab({ mission }: { mission: Mission }) {
  const [savingTemplate, setSavingTemplate] = useState(false);
  const { abilities } = mission;
  return (
    <Stack gap="md" maw={760}>
      <Section title="General">
        <GeneralForm key={mission.updatedAt} mission={mission} />
      </Section>
      <Section title="Plan dates">
        <DatesForm key={`${mission.planStartDate}-${mission.planEndDate}`} mission={mission} />
      </Section>
      <Section title="Work">
        <ProjectTypeSelect mission={mission} />
        <Toggles mission={mission} />
        {mission.projectType === 'kanban' && (
          <>
            <Divider my="md" />
            <ColumnsEditor key={JSON.stringify(mission.cols)} mission={mission} />
          </>
        )}
      </Section>
      {mission.org && !mission.noTimesheets && (
        <Section title="Overtime">
          <OvertimeForm key={JSON.stringify(mission.overtime)} mission={mission} />
        </Section>
      )}
      <Section title="Look">
        <ThemeSwatches mission={mission} />
      </Section>
      {abilities['template.save'] && (
        <Section title="Template">
          <Text size="sm" c="dimmed" mb="xs">
            Start new missions from this one&apos;s plan and roles.
          </Text>
          <Button variant="light" leftSection={<IconTemplate size={16} aria-hidden="true" />} onClick={() => setSavingTemplate(true)}>
            Save as template
          </Button>
          <SaveAsTemplate mission={mission} opened={savingTemplate} onClose={() => setSavingTemplate(false)} />
        </Section>
      )}
      <Section title="Licence">
        <LicenceForms mission={mission} />
      </Section>
      {abilities['mission.delete'] && (
        <Section title="Delete mission">
          <Text size="sm" c="dimmed" mb="xs">
            Everybody loses access to the mission at once.
          </Text>
          <DeleteMission mission={mission} />
        </Section>
      )}
    </Stack>
  );
}
