import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Mission } from '@crewplan/domain/missions/mission';
import { PLAN_MESSAGES, type PlanItem } from '@crewplan/domain/plan/plan';
import { FormError } from '../../missions/FormError.tsx';
import { usePlanMutations } from './api.ts';
import { reasonIsLongEnough } from './plan-rules.ts';

export type RoleDialog = { kind: 'person' | 'request' | 'approve' | 'reject'; item: PlanItem };

const TITLES: Record<RoleDialog['kind'], string> = {
  person: 'Change person',
  request: 'Request approval',
  approve: 'Approve role',
  reject: 'Reject role',
};

/** The people who may hold a role: on the team below observer, invite accepted. */
export const roleCandidates = (mission: Mission) =>
  mission.people
    .filter((person) => person.permission < 3 && !person.invitePending)
    .map((person) => ({ value: person._id, label: `${person.ref.firstName} ${person.ref.lastName}`.trim() || person.email }));

/** A failure's text: shown under the form, and the overlap as a 6-second toast too (spec 1 §9). */
function showFailure(error: Error, setError: (text: string) => void) {
  setError(error.message);
  if (error.message === PLAN_MESSAGES.overlappingRoles) notifications.show({ message: error.message, color: 'red', autoClose: 6_000 });
}

/** Change the person of a role, ask approval for a person, or approve or reject a pending request. */
export function RoleDialogs({ mission, dialog, onClose }: { mission: Mission; dialog: RoleDialog; onClose: () => void }) {
  const { item, kind } = dialog;
  const { changePerson, request } = usePlanMutations(mission._id);
  const pendingPerson = item.requests.filter((entry) => entry.status === 'pending_approval').at(-1)?.person ?? null;
  const [person, setPerson] = useState<string | null>(
    kind === 'approve' || kind === 'reject' ? (pendingPerson ?? item.person) : item.person,
  );
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = changePerson.isPending || request.isPending;
  const label = item.role ?? item.title;

  const submit = () => {
    setError(null);
    if ((kind === 'person' || kind === 'request' || kind === 'approve') && !person) return setError(PLAN_MESSAGES.assignPersonFirst);
    if (kind === 'request' && !reasonIsLongEnough(reason)) return setError(PLAN_MESSAGES.longerDescription);
    const done = { onSuccess: onClose, onError: (failure: Error) => showFailure(failure, setError) };
    if (kind === 'person') return changePerson.mutate({ planItemId: item._id, person }, done);
    return request.mutate(
      {
        planItemId: item._id,
        step: kind === 'request' ? 'submit' : kind,
        context: 'pm',
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        ...(kind === 'reject' ? {} : { person }),
      },
      done,
    );
  };

  return (
    <Modal opened onClose={onClose} title={TITLES[kind]} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">Role: {label}</Text>
          {kind !== 'reject' && (
            <Select
              label="Person"
              placeholder="Select a team member..."
              data={roleCandidates(mission)}
              value={person}
              onChange={setPerson}
              clearable={kind === 'person'}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {kind !== 'person' && (
            <Textarea
              label={kind === 'request' ? 'Reason' : 'Note (optional)'}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              autosize
              minRows={2}
            />
          )}
          {error && <FormError>{error}</FormError>}
          <Group justify="flex-end">
            {kind === 'person' && item.person && (
              <Button
                variant="subtle"
                color="red"
                loading={busy}
                onClick={() =>
                  changePerson.mutate(
                    { planItemId: item._id, person: null },
                    { onSuccess: onClose, onError: (failure) => setError(failure.message) },
                  )
                }
              >
                Remove the person
              </Button>
            )}
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} color={kind === 'reject' ? 'red' : undefined}>
              {kind === 'person' ? 'Assign' : kind === 'request' ? 'Send request' : kind === 'approve' ? 'Approve' : 'Reject'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
