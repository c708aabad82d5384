import { useState } from 'react';
import { Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { setParams } from '../../lib/url-state.ts';
import type { OrgDetail } from './api.ts';
import { forgetOrg, useDeleteOrg } from './edit-api.ts';
import { confirmsName } from './org-edit-rules.ts';
import { clearedOrgParams, HQ_Z_INDEX } from './org-rules.ts';
import { FormError } from '../../components/FormError.tsx';

/** Deleting the organisation (admins and managers), confirmed by typing its name. */
export function DeleteOrgSection({ org }: { org: OrgDetail }) {
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteOrg(org._id);
  const matches = confirmsName(typed, org.title);
  const close = () => {
    setConfirming(false);
    setTyped('');
    remove.reset();
  };
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        notifications.show({ message: `${org.title} is deleted.` });
        setParams({ ...clearedOrgParams(), hq: null });
        void forgetOrg(org._id);
      },
    });

  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="delete-org-title"
      style={{ borderColor: 'var(--mantine-color-red-outline)' }}
    >
      <Group justify="space-between" wrap="nowrap">
        <div style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} size="h5" id="delete-org-title">
            Delete organisation
          </Title>
          <Text size="sm" c="dimmed">
            Its people, structure, clients and keys go with it. This cannot be undone.
          </Text>
        </div>
        <Button
          color="red"
          variant="light"
          style={{ flexShrink: 0 }}
          leftSection={<IconTrash size={16} aria-hidden="true" />}
          onClick={() => setConfirming(true)}
        >
          Delete organisation
        </Button>
      </Group>
      {confirming && (
        <Modal opened onClose={close} title={`Delete ${org.title}?`} zIndex={HQ_Z_INDEX + 10}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (matches) confirm();
            }}
          >
            <Stack>
              <Text size="sm">
                Everybody loses access to <b>{org.title}</b> at once. Type its name to confirm.
              </Text>
              <TextInput
                label="Organisation name"
                placeholder={org.title}
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
      )}
    </Paper>
  );
}
