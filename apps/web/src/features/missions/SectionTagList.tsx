import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { openConfirm } from '../../components/confirm.ts';
import { IconPlus } from '@tabler/icons-react';
import type { Mission, SectionTag } from './api.ts';
import { useSectionTagMutations } from './api.ts';
import { FormError } from '../../components/FormError.tsx';
import { formatDay } from '../../lib/days.ts';
import { showRemovalFailure } from '../../lib/removal-failure.ts';
import { RowActions } from '../../components/RowActions.tsx';

type Editing = { tag: SectionTag | null } | null;

/** The mission's section tags; the catch-all tag is listed but never edited. */
export function SectionTagList({ mission, canEdit }: { mission: Mission; canEdit: boolean }) {
  const [editing, setEditing] = useState<Editing>(null);
  const { remove } = useSectionTagMutations(mission._id);
  const confirmDelete = (tag: SectionTag) =>
    openConfirm({
      title: `Delete section ${tag.title}?`,
      children: <Text size="sm">Its tasks stay on the mission without a section.</Text>,
      labels: { confirm: 'Delete section', cancel: 'Cancel' },
      confirmProps: { color: 'red.8' },
      onConfirm: () => remove.mutate(tag._id, { onError: showRemovalFailure }),
    });

  return (
    <Stack gap="xs">
      {mission.sectionTags.length === 0 ? (
        <Text size="sm" c="dimmed">
          No sections yet.
        </Text>
      ) : (
        // a phone scrolls the table sideways, not the screen (by keyboard too: the box takes focus)
        <Table.ScrollContainer minWidth={420} type="native" tabIndex={0} role="region" aria-label="Sections">
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Section</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>To</Table.Th>
                {canEdit && <Table.Th aria-label="Actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mission.sectionTags.map((tag) => (
                <Table.Tr key={tag._id}>
                  <Table.Td>
                    {tag.title}{' '}
                    {tag.catchAll && (
                      <Badge size="xs" variant="light" color="gray">
                        catch-all
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{formatDay(tag.from)}</Table.Td>
                  <Table.Td>{formatDay(tag.to)}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      {!tag.catchAll && (
                        <RowActions
                          edit={{ label: `Edit section ${tag.title}`, onClick: () => setEditing({ tag }) }}
                          remove={{ label: `Delete section ${tag.title}`, onClick: () => confirmDelete(tag) }}
                        />
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {remove.isError && <FormError>{remove.error.message}</FormError>}
      {canEdit && (
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            onClick={() => setEditing({ tag: null })}
          >
            Add section
          </Button>
        </Group>
      )}
      {editing && <SectionTagForm missionId={mission._id} tag={editing.tag} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function SectionTagForm({ missionId, tag, onClose }: { missionId: string; tag: SectionTag | null; onClose: () => void }) {
  const { add, edit } = useSectionTagMutations(missionId);
  const [title, setTitle] = useState(tag?.title ?? '');
  const [from, setFrom] = useState(tag?.from?.slice(0, 10) ?? '');
  const [to, setTo] = useState(tag?.to?.slice(0, 10) ?? '');
  const saving = tag ? edit : add;
  const submit = () => {
    const body = { title: title.trim(), from: from || null, to: to || null };
    if (tag) edit.mutate({ tagId: tag._id, ...body }, { onSuccess: onClose });
    else add.mutate(body, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title={tag ? `Edit section ${tag.title}` : 'Add a section'}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (title.trim()) submit();
        }}
      >
        <Stack>
          <TextInput
            label="Section title"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            maxLength={80}
            required
            data-autofocus
          />
          <Group grow>
            <TextInput label="From" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
            <TextInput label="To" type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.currentTarget.value)} />
          </Group>
          {saving.isError && <FormError>{saving.error.message}</FormError>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving.isPending} disabled={!title.trim()}>
              Save section
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
