import { useState } from 'react';
import { Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { fileNameSchema } from '@crewplan/domain/files/files';
import { copyTargetsQuery, useFileMutations, type FileDto } from './api.ts';

/** A new name for a file: no slashes, at most 255 characters. */
export function RenameFileForm({ file, onDone }: { file: FileDto; onDone: () => void }) {
  const { rename } = useFileMutations();
  const [name, setName] = useState(file.name);
  const valid = fileNameSchema.safeParse(name).success;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        rename.mutate({ file, name: name.trim() }, { onSuccess: onDone });
      }}
    >
      <Stack>
        <TextInput
          label="File name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={!valid ? 'Use a name without slashes, up to 255 characters.' : rename.error?.message}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={rename.isPending} disabled={!valid}>
            Rename
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Copies a task file to another task of the same mission. */
export function CopyFileForm({ file, onDone }: { file: FileDto; onDone: () => void }) {
  const { copy } = useFileMutations();
  const targets = useQuery(copyTargetsQuery(file.attachedToMissionId));
  const [target, setTarget] = useState<string | null>(null);
  if (targets.isPending) return <Loader size="sm" aria-label="Loading the tasks" />;
  const options = (targets.data ?? [])
    .filter((task) => task._id !== file.attachedToId)
    .map((task) => ({ value: task._id, label: task.title }));
  if (options.length === 0) return <Text size="sm">There is no other task in this mission to copy it to.</Text>;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!target) return;
        copy.mutate(
          { file, toActionItemId: target },
          {
            onSuccess: () => {
              notifications.show({ message: `${file.name} is copied.` });
              onDone();
            },
          },
        );
      }}
    >
      <Stack>
        <Select
          label="Task"
          placeholder="Choose a task"
          data={options}
          value={target}
          onChange={setTarget}
          searchable
          comboboxProps={{ zIndex: 1000 }}
          error={copy.error?.message}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={copy.isPending} disabled={!target}>
            Copy
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
