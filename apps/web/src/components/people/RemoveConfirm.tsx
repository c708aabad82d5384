import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { MISSION_MESSAGES } from '@crewplan/domain/messages/index';

/** The question asked before removing oneself (the spec only says removing yourself asks a confirmation). */
export const REMOVE_SELF_CONFIRM = 'Remove yourself from the project? You will lose access to it.';

/**
 * Asks before removing a person from the project: 'Remove this person from the project?', or a question worded
 * for oneself. `onConfirm` may throw: its message shows in the dialog (e.g. the server's last-admin text).
 */
export function RemoveConfirm({
  opened,
  self,
  name,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  self: boolean;
  name: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      close();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={self ? 'Leave the project' : `Remove ${name}`} centered zIndex={450}>
      <Stack>
        <Text>{self ? REMOVE_SELF_CONFIRM : MISSION_MESSAGES.removePersonConfirm}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red.8" loading={pending} onClick={() => void confirm()} data-autofocus>
            {self ? 'Leave project' : 'Remove'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
