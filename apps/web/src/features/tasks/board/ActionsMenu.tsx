import { useEffect, useRef, useState, type ReactElement } from 'react';
import { ActionIcon, Badge, Button, Group, Popover, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { openConfirm } from '../../../components/confirm.ts';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconCheck, IconChevronDown, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import type { Mission } from '@crewplan/domain/missions/mission';
import { useProfile } from '../../../lib/profile.ts';
import { useActionMutations, type Action } from '../api.ts';
import { taskViewerOf } from '../task-people.ts';
import { actionAccess, DONE } from '../task-rules.ts';
import { showRemovalFailure } from '../../../lib/removal-failure.ts';
import { plural } from '@crewplan/domain/shared/words';

const failed = (error: unknown) =>
  notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'Sorry. Please try again.' });

const tasksText = (count: number) => plural(count, 'task');

/** An icon button with its name said aloud and shown on hover. */
function IconButton({
  label,
  color,
  id,
  onClick,
  children,
}: {
  label: string;
  color?: string;
  id?: string;
  onClick: () => void;
  children: ReactElement;
}) {
  return (
    <Tooltip label={label} openDelay={300} withinPortal={false}>
      <ActionIcon id={id} variant="subtle" size="sm" color={color ?? 'gray'} aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The board's 'Actions' control: the mission's actions with, for those the task rules allow, rename, mark done or
 * reopen (a done action is closed: its tasks cannot be changed or added to until it is reopened) and delete, which the
 * server does with every task of the action, so the confirmation says so.
 */
export function ActionsMenu({
  mission,
  actions,
  taskCounts,
  onDeleted,
}: {
  mission: Mission;
  actions: readonly Action[];
  taskCounts: ReadonlyMap<string, number>;
  onDeleted: (actionId: string) => void;
}) {
  const selfId = useProfile().data?._id ?? null;
  const viewer = taskViewerOf(mission, selfId);
  const { update, remove } = useActionMutations(mission._id);
  const [opened, setOpened] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  // after renaming, the keyboard goes back to the row's rename button rather than the page
  const refocus = useRef<string | null>(null);
  const sorted = [...actions].sort((a, b) => a.sortIndex - b.sortIndex);
  const renameId = (actionId: string) => `rename-action-${actionId}`;
  useEffect(() => {
    if (!refocus.current || renaming) return;
    document.getElementById(renameId(refocus.current))?.focus();
    refocus.current = null;
  });
  const stopRenaming = (actionId: string) => {
    refocus.current = actionId;
    setRenaming(null);
  };

  const startRename = (action: Action) => {
    setRenaming(action._id);
    setTitle(action.title);
  };
  const rename = (action: Action) => {
    const next = title.trim();
    stopRenaming(action._id);
    if (!next || next === action.title) return;
    update.mutate(
      { actionId: action._id, title: next },
      { onSuccess: () => notifications.show({ message: `Action renamed to “${next}”.` }), onError: failed },
    );
  };
  const setStatus = (action: Action, status: 'done' | 'open') =>
    update.mutate(
      { actionId: action._id, status },
      {
        onSuccess: () =>
          notifications.show({
            message:
              status === DONE
                ? `“${action.title}” is done and closed: its tasks can no longer be changed or added to.`
                : `“${action.title}” is open again.`,
          }),
        onError: failed,
      },
    );
  const confirmDelete = (action: Action) => {
    const count = taskCounts.get(action._id) ?? 0;
    setOpened(false);
    openConfirm({
      title: `Delete the action “${action.title}”?`,
      children: (
        <Text size="sm">
          {count > 0
            ? `Its ${tasksText(count)} go too: they are deleted with their checklists and dependencies for everybody on the mission.`
            : 'It has no tasks. It is deleted for everybody on the mission.'}
        </Text>
      ),
      labels: { confirm: 'Delete action and its tasks', cancel: 'Keep it' },
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        remove.mutate(action._id, {
          onSuccess: () => {
            notifications.show({ message: `Action “${action.title}” deleted${count > 0 ? ` with its ${tasksText(count)}` : ''}.` });
            onDeleted(action._id);
          },
          onError: showRemovalFailure,
        }),
    });
  };

  return (
    <Popover
      opened={opened}
      onChange={(open) => {
        setOpened(open);
        if (!open) setRenaming(null);
      }}
      position="bottom-end"
      shadow="md"
      trapFocus
      closeOnEscape={renaming === null}
      withinPortal={false}
    >
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          rightSection={<IconChevronDown size={14} />}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => setOpened((open) => !open)}
        >
          Actions ({actions.length})
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Stack gap={6} w={360} role="group" aria-label="Actions of this project">
          <Text size="sm" fw={600}>
            Actions of this project
          </Text>
          <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Actions">
            {sorted.map((action) => {
              const access = actionAccess(viewer, action);
              const done = action.status === DONE;
              const count = taskCounts.get(action._id) ?? 0;
              if (renaming === action._id)
                return (
                  <li key={action._id}>
                    <form
                      aria-label={`Rename ${action.title}`}
                      onSubmit={(event) => {
                        event.preventDefault();
                        rename(action);
                      }}
                    >
                      <Group gap={4} wrap="nowrap">
                        <TextInput
                          size="xs"
                          flex={1}
                          aria-label={`New title of ${action.title}`}
                          value={title}
                          onChange={(event) => setTitle(event.currentTarget.value)}
                          onKeyDown={(event) => {
                            if (event.key === 'Escape') stopRenaming(action._id);
                          }}
                          data-autofocus
                          autoFocus
                        />
                        <ActionIcon type="submit" size="md" variant="filled" aria-label="Save the title" disabled={!title.trim()}>
                          <IconCheck size={14} />
                        </ActionIcon>
                        <IconButton label="Cancel renaming" onClick={() => stopRenaming(action._id)}>
                          <IconX size={14} />
                        </IconButton>
                      </Group>
                    </form>
                  </li>
                );
              return (
                <li key={action._id} data-testid="action-row" aria-label={action.title}>
                  <Group gap={6} wrap="nowrap" py={2}>
                    <Stack gap={0} flex={1} miw={0}>
                      <Text size="sm" truncate="end" c={done ? 'dimmed' : undefined} td={done ? 'line-through' : undefined}>
                        {action.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {tasksText(count)}
                        {done ? ' · closed' : ''}
                      </Text>
                    </Stack>
                    {done && (
                      <Badge size="sm" color="teal.9" variant="filled">
                        Done
                      </Badge>
                    )}
                    {access.rename && (
                      <IconButton id={renameId(action._id)} label={`Rename ${action.title}`} onClick={() => startRename(action)}>
                        <IconPencil size={14} />
                      </IconButton>
                    )}
                    {access.status &&
                      (done ? (
                        <IconButton label={`Reopen ${action.title}`} onClick={() => setStatus(action, 'open')}>
                          <IconArrowBackUp size={14} />
                        </IconButton>
                      ) : (
                        <IconButton label={`Mark ${action.title} done`} color="teal" onClick={() => setStatus(action, 'done')}>
                          <IconCheck size={14} />
                        </IconButton>
                      ))}
                    {access.remove && (
                      <IconButton label={`Delete ${action.title}`} color="red" onClick={() => confirmDelete(action)}>
                        <IconTrash size={14} />
                      </IconButton>
                    )}
                  </Group>
                </li>
              );
            })}
          </Stack>
          <Text size="xs" c="dimmed">
            A done action is closed: its tasks can no longer be changed or added to until it is reopened.
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
