import { useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useChecklistMutations, type ActionItem } from '../api.ts';
import { checklistStep, nextSortIndex } from '../task-rules.ts';
import { showRemovalFailure } from '../../../lib/removal-failure.ts';

/** Checklist lines of a task: add, tick, reorder (up/down) and delete. */
export function TaskChecklist({ item, canEdit, onError }: { item: ActionItem; canEdit: boolean; onError: (error: unknown) => void }) {
  const checklist = useChecklistMutations(item.missionId, item._id);
  const [title, setTitle] = useState('');
  const lines = [...item.checklist].sort((a, b) => a.sortIndex - b.sortIndex);
  const doneCount = lines.filter((line) => line.done).length;
  const move = (lineId: string, step: -1 | 1) => {
    const sortIndex = checklistStep(lines, lineId, step);
    if (sortIndex !== null) checklist.move.mutate({ checklistId: lineId, sortIndex }, { onError });
  };
  return (
    <Stack gap="xs" role="group" aria-label="Checklist">
      <Group justify="space-between">
        <Title order={4} size="sm">
          Checklist
        </Title>
        {lines.length > 0 && (
          <Text size="xs" c="dimmed">
            {doneCount} of {lines.length} done
          </Text>
        )}
      </Group>
      {lines.map((line, index) => (
        <Group key={line._id} gap="xs" wrap="nowrap" data-testid="checklist-line">
          <Checkbox
            style={{ flex: 1 }}
            label={line.title}
            checked={line.done}
            disabled={!canEdit}
            onChange={(event) => checklist.update.mutate({ checklistId: line._id, done: event.currentTarget.checked }, { onError })}
          />
          {canEdit && (
            <>
              <ActionIcon
                variant="subtle"
                size="sm"
                disabled={index === 0}
                aria-label={`Move ${line.title} up`}
                onClick={() => move(line._id, -1)}
              >
                <IconArrowUp size={14} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                size="sm"
                disabled={index === lines.length - 1}
                aria-label={`Move ${line.title} down`}
                onClick={() => move(line._id, 1)}
              >
                <IconArrowDown size={14} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={`Delete ${line.title}`}
                onClick={() => checklist.remove.mutate(line._id, { onError: showRemovalFailure })}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </>
          )}
        </Group>
      ))}
      {canEdit && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const text = title.trim();
            if (!text) return;
            checklist.add.mutate({ title: text, sortIndex: nextSortIndex(lines) }, { onError, onSuccess: () => setTitle('') });
          }}
        >
          <Group gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              size="xs"
              aria-label="New checklist line"
              placeholder="Add a line…"
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
            />
            <Button type="submit" size="xs" variant="light" loading={checklist.add.isPending}>
              Add line
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
