import { useState } from 'react';
import { Button, Checkbox, Group, Modal, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Mission } from '@crewplan/domain/missions/mission';
import { useSaveTemplate } from './api.ts';
import { keptText } from './template-rules.ts';
import './styles.ts';

/** Saves the mission as a template: title, description, personal or organisation, proposal template. */
export function SaveAsTemplate({ mission, opened, onClose }: { mission: Mission; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Save as template" centered zIndex={400}>
      {opened && <SaveForm mission={mission} onClose={onClose} />}
    </Modal>
  );
}

function SaveForm({ mission, onClose }: { mission: Mission; onClose: () => void }) {
  const [title, setTitle] = useState(mission.title);
  const [description, setDescription] = useState(mission.description);
  const [sharing, setSharing] = useState<'personal' | 'organisation'>(mission.org ? 'organisation' : 'personal');
  const [proposal, setProposal] = useState(mission.isProposal);
  const save = useSaveTemplate();
  const organisation = sharing === 'organisation' && mission.org !== null;

  const submit = () =>
    save.mutate(
      {
        title: title.trim(),
        description: description.trim(),
        isPrivate: !organisation,
        org: organisation ? mission.org : null,
        isProposalTemplate: proposal,
        mission: mission._id,
      },
      {
        onSuccess: (template) => {
          notifications.show({ color: 'green', message: `Template '${template.title}' saved.` });
          onClose();
        },
      },
    );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        <TextInput
          label="Template name"
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          required
          maxLength={200}
          data-autofocus
        />
        <Textarea
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={2000}
        />
        {mission.org && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="template-sharing">
              Who can use it
            </Text>
            <SegmentedControl
              aria-labelledby="template-sharing"
              value={sharing}
              onChange={(next) => setSharing(next as typeof sharing)}
              data={[
                { value: 'organisation', label: 'Organisation' },
                { value: 'personal', label: 'Only me' },
              ]}
            />
          </Stack>
        )}
        <Checkbox label="Proposal template" checked={proposal} onChange={(e) => setProposal(e.currentTarget.checked)} />
        <Text size="sm" c="dimmed">
          {keptText(mission.planItems.length)}
        </Text>
        {save.error && (
          <Text c="red.8" size="sm" role="alert">
            {save.error.message}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!title.trim()}>
            Save template
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
