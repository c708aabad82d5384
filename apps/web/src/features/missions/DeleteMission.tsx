import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { setParams } from '../../lib/url-state.ts';
import { useDeleteMission, type Mission } from './api.ts';
import { FormError } from '../../components/FormError.tsx';
import { clearedMissionParams, confirmsTitle, deleteAlsoText } from './mission-rules.ts';

/** Deleting the mission, confirmed by typing its title. */
export function DeleteMission({ mission }: { mission: Mission }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteMission(mission._id);
  const matches = confirmsTitle(typed, mission.title);
  const close = () => {
    setOpen(false);
    setTyped('');
    remove.reset();
  };
  return (
    <>
      <Button
        color="red.8"
        variant="light"
        leftSection={<IconTrash size={16} aria-hidden="true" />}
        onClick={() => setOpen(true)}
        w="fit-content"
      >
        Delete mission
      </Button>
      <Modal opened={open} onClose={close} title={`Delete ${mission.title}?`}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (matches)
              remove.mutate(undefined, {
                onSuccess: () => {
                  notifications.show({ message: `${mission.title} is deleted.` });
                  setParams(clearedMissionParams());
                },
              });
          }}
        >
          <Stack>
            <Text size="sm">
              Its plan, tasks and team go with it
              {deleteAlsoText(mission)}. This cannot be undone. Type the mission title to confirm.
            </Text>
            <TextInput
              label="Mission title"
              placeholder={mission.title}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoComplete="off"
              data-autofocus
            />
            {remove.isError && <FormError>{remove.error.message}</FormError>}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="red.8" disabled={!matches} loading={remove.isPending}>
                Delete for everyone
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
