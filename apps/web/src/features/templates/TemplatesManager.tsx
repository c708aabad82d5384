import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { MISSION_MESSAGES } from '@crewplan/domain/messages/index';
import { templatesQuery, useDeleteTemplates, useUpdateTemplates, type Template } from './api.ts';
import { isPersonal, sharingChange } from './template-rules.ts';
import './styles.ts';
import { plural } from '@crewplan/domain/shared/words';

const failed = (error: Error) => notifications.show({ color: 'red', message: error.message, autoClose: 5_000 });

/**
 * The template manager: the templates I may use (personal and the organisation's), edited, shared, saved again
 * from their template project, and deleted in bulk.
 */
export function TemplatesManager({ org }: { org: string | null }) {
  const templates = useQuery(templatesQuery(org));
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<Template | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const update = useUpdateTemplates();
  const remove = useDeleteTemplates();
  const list = templates.data ?? [];
  const toggle = (id: string, on: boolean) => setSelected((now) => (on ? [...now, id] : now.filter((other) => other !== id)));

  const resave = (template: Template) =>
    update.mutate([{ _id: template._id, resave: true }], {
      onSuccess: () => notifications.show({ color: 'green', message: `Template '${template.title}' saved again.` }),
      onError: failed,
    });

  return (
    <Stack data-testid="templates-manager">
      <Group justify="space-between">
        <Title order={3}>{MISSION_MESSAGES.templateManager}</Title>
        <Button color="red.8" variant="light" disabled={selected.length === 0} onClick={() => setConfirmingDelete(true)}>
          Delete selected
        </Button>
      </Group>
      {templates.isError && (
        <Text c="red.8" role="alert">
          {templates.error.message}
        </Text>
      )}
      {templates.isSuccess && list.length === 0 && (
        <Text c="dimmed">No templates yet. Save a mission as a template from its settings.</Text>
      )}
      {list.length > 0 && (
        <Table verticalSpacing="xs" aria-label="Templates">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <VisuallyHidden>Select</VisuallyHidden>
              </Table.Th>
              <Table.Th>Template</Table.Th>
              <Table.Th>Shared with</Table.Th>
              <Table.Th>Plan items</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((template) => (
              <Table.Tr key={template._id} data-testid="template-row">
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${template.title}`}
                    disabled={!template.abilities.delete}
                    checked={selected.includes(template._id)}
                    onChange={(event) => toggle(template._id, event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {template.title}
                  </Text>
                  {template.description && (
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {template.description}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={isPersonal(template) ? 'gray' : 'brand'}>
                    {isPersonal(template) ? 'Only me' : 'Organisation'}
                  </Badge>
                  {template.isProposalTemplate && (
                    <Badge variant="outline" ml={4}>
                      Proposal
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{template.dataPlanItems.length}</Table.Td>
                <Table.Td>
                  {template.abilities.update && (
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="Edit">
                        <ActionIcon variant="subtle" aria-label={`Edit ${template.title}`} onClick={() => setEditing(template)}>
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                      {template.mission && (
                        <Tooltip label="Save again from its template project">
                          <ActionIcon variant="subtle" aria-label={`Save ${template.title} again`} onClick={() => resave(template)}>
                            <IconRefresh size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <TemplateEdit template={editing} org={org} onClose={() => setEditing(null)} />
      <Modal opened={confirmingDelete} onClose={() => setConfirmingDelete(false)} title="Delete templates" centered zIndex={400}>
        <Stack>
          <Text>Delete {plural(selected.length, 'template')}? Their template projects are deleted with them.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmingDelete(false)}>
              Cancel
            </Button>
            <Button
              color="red.8"
              loading={remove.isPending}
              data-autofocus
              onClick={() =>
                remove.mutate(selected, {
                  onSuccess: () => {
                    setSelected([]);
                    setConfirmingDelete(false);
                  },
                  onError: failed,
                })
              }
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function TemplateEdit({ template, org, onClose }: { template: Template | null; org: string | null; onClose: () => void }) {
  return (
    <Modal opened={template !== null} onClose={onClose} title="Edit template" centered zIndex={400}>
      {template && <TemplateEditForm key={template._id} template={template} org={org} onClose={onClose} />}
    </Modal>
  );
}

function TemplateEditForm({ template, org, onClose }: { template: Template; org: string | null; onClose: () => void }) {
  const [title, setTitle] = useState(template.title);
  const [description, setDescription] = useState(template.description);
  const [shared, setShared] = useState(!isPersonal(template));
  const [proposal, setProposal] = useState(template.isProposalTemplate);
  const update = useUpdateTemplates();
  const sharingOrg = template.org ?? org;
  const sharingChanged = shared !== !isPersonal(template);
  const submit = () =>
    update.mutate(
      [
        {
          _id: template._id,
          title: title.trim(),
          description: description.trim(),
          isProposalTemplate: proposal,
          ...(sharingChanged ? sharingChange(!shared, sharingOrg) : {}),
        },
      ],
      { onSuccess: onClose },
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
        {sharingOrg && (
          <Checkbox label="Share with the organisation" checked={shared} onChange={(e) => setShared(e.currentTarget.checked)} />
        )}
        <Checkbox label="Proposal template" checked={proposal} onChange={(e) => setProposal(e.currentTarget.checked)} />
        {update.error && (
          <Text c="red.8" size="sm" role="alert">
            {update.error.message}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} disabled={!title.trim()}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
