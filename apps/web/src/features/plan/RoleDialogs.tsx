import { Suspense, useState } from 'react';
import { Button, Group, Loader, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Mission } from '@crewplan/domain/missions/mission';
import { PLAN_MESSAGES, type PlanItem } from '@crewplan/domain/plan/plan';
import { FormError } from '../../components/FormError.tsx';
import { RoleRecommendations } from '../staffing/index.ts';
import { usePlanContext, usePlanMutations } from './api.ts';
import { showPlanFailure } from './PlanItemFields.tsx';
import {
  asksForReason,
  pendingRequestOf,
  personName,
  reasonIsLongEnough,
  roleCandidates,
  SENT_FOR_APPROVAL,
  turnedIntoRequest,
} from './plan-rules.ts';

export type RoleDialog = { kind: 'person' | 'request' | 'approve' | 'reject'; item: PlanItem };

const TITLES: Record<RoleDialog['kind'], string> = {
  person: 'Change person',
  request: 'Request approval',
  approve: 'Approve role',
  reject: 'Reject role',
};

/** Change the person of a role, ask approval for a person, or approve or reject a pending request. */
export function RoleDialogs({ mission, dialog, onClose }: { mission: Mission; dialog: RoleDialog; onClose: () => void }) {
  const { item, kind } = dialog;
  const { changePerson, request } = usePlanMutations(mission._id);
  const { org, selfId } = usePlanContext(mission.org);
  const pending = pendingRequestOf(item);
  const deciding = kind === 'approve' || kind === 'reject';
  // changing the person starts empty: the person on the role is no candidate for it (rule 77)
  const [person, setPerson] = useState<string | null>(deciding ? (pending?.person ?? item.person) : kind === 'person' ? null : item.person);
  const [reason, setReason] = useState('');
  // a person the organisation must approve goes as a request with a reason (rules 71, 79): asked for once refused
  const [askReason, setAskReason] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [recommending, setRecommending] = useState(false);
  // recommendations need the organisation's people and the role's dates; a template's roles are staffed by no one
  const canRecommend = kind === 'person' && Boolean(mission.org) && !mission.isTemplate && Boolean(item.startDate && item.endDate);
  const busy = changePerson.isPending || request.isPending;
  const label = item.role ?? item.title;
  const candidates = roleCandidates(mission, item, org, selfId);
  // the person asked for stays choosable while deciding (the overlap is checked again on approval)
  const options =
    person && !candidates.some((option) => option.value === person)
      ? [{ value: person, label: personName(mission, person) }, ...candidates]
      : candidates;

  const assign = (chosen: string) => {
    if (askReason && !reasonIsLongEnough(reason)) return setError(PLAN_MESSAGES.longerDescription);
    changePerson.mutate(
      { planItemId: item._id, person: chosen, ...(askReason ? { reason: reason.trim() } : {}) },
      {
        onSuccess: (saved) => {
          if (turnedIntoRequest(saved, chosen)) notifications.show({ message: SENT_FOR_APPROVAL, color: 'blue' });
          onClose();
        },
        onError: (failure: Error) => {
          if (asksForReason(failure)) setAskReason(true);
          showPlanFailure(failure, setError);
        },
      },
    );
  };

  const submit = () => {
    setError(null);
    if ((kind === 'person' || kind === 'request' || kind === 'approve') && !person) return setError(PLAN_MESSAGES.assignPersonFirst);
    if ((kind === 'request' || kind === 'reject') && !reasonIsLongEnough(reason)) return setError(PLAN_MESSAGES.longerDescription);
    if (deciding && !pending) return setError(PLAN_MESSAGES.noPendingRequest);
    const onError = (failure: Error) => showPlanFailure(failure, setError);
    if (kind === 'person') return assign(person!);
    return request.mutate(
      {
        planItemId: item._id,
        step: kind === 'request' ? 'submit' : kind,
        // a decision answers the pending request in its own context ('org' when the assignment needed approval)
        context: deciding ? pending!.context : 'pm',
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        ...(kind === 'reject' ? {} : { person }),
      },
      { onSuccess: onClose, onError },
    );
  };

  return (
    <Modal opened onClose={onClose} title={TITLES[kind]} centered size={recommending ? 'lg' : 'md'}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">Role: {label}</Text>
          {kind === 'person' && item.person && <Text size="sm">Now: {personName(mission, item.person)}</Text>}
          {deciding && pending && (
            <Text size="sm">
              Requested: {personName(mission, pending.person)}
              {pending.reason ? ` (${pending.reason})` : ''}
            </Text>
          )}
          {kind !== 'reject' && (
            <Select
              label="Person"
              placeholder="Select a team member..."
              data={options}
              value={person}
              onChange={setPerson}
              clearable={kind === 'person'}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {canRecommend && !recommending && (
            <Button variant="light" size="xs" onClick={() => setRecommending(true)}>
              Recommend
            </Button>
          )}
          {canRecommend && recommending && (
            <Suspense fallback={<Loader size="sm" />}>
              <RoleRecommendations orgId={mission.org!} missionPlanId={item._id} onPick={assign} busy={busy} />
            </Suspense>
          )}
          {(kind !== 'person' || askReason) && (
            <Textarea
              label={kind === 'request' || kind === 'reject' || askReason ? 'Reason' : 'Note (optional)'}
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
