import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Mission } from '@crewplan/domain/missions/mission';
import { PLAN_MESSAGES, type PlanItemType } from '@crewplan/domain/plan/plan';
import { FormError } from '../../components/FormError.tsx';
import { usePlanContext, usePlanMutations } from './api.ts';
import { AllocationField, AmountField, DateFields, OrgRoleField, showPlanFailure, TitleField } from './PlanItemFields.tsx';
import {
  ADDABLE_TYPES,
  asksForReason,
  hasAmount,
  isOneDayType,
  reasonIsLongEnough,
  roleCandidates,
  SENT_FOR_APPROVAL,
  turnedIntoRequest,
} from './plan-rules.ts';

/** Adds a role (with an optional person), a cost, a phase, a milestone, an outcome or a fundable milestone to the plan. */
export function AddPlanItem({ mission, onClose }: { mission: Mission; onClose: () => void }) {
  const { create } = usePlanMutations(mission._id);
  const { org, selfId } = usePlanContext(mission.org);
  const [type, setType] = useState<PlanItemType>('person');
  const [title, setTitle] = useState('');
  const [person, setPerson] = useState<string | null>(null);
  const [orgRole, setOrgRole] = useState<string | null>(null);
  const [allocation, setAllocation] = useState<number | string>(100);
  const [amount, setAmount] = useState<number | string>('');
  const [start, setStart] = useState(mission.planStartDate ?? '');
  const [end, setEnd] = useState(mission.planEndDate ?? '');
  // a person the organisation must approve goes as a request with a reason (rules 71, 79): asked for once refused
  const [reason, setReason] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isRole = type === 'person';
  const oneDay = isOneDayType(type);
  // rule 77: the people who may take a role of this name over these dates
  const candidates = isRole
    ? roleCandidates(mission, { person: null, role: title.trim() || null, startDate: start || null, endDate: end || null }, org, selfId)
    : [];
  const chosen = person && candidates.some((option) => option.value === person) ? person : null;

  const submit = () => {
    setError(null);
    if (!title.trim()) return setError(isRole ? 'Please name the role.' : 'Please give it a title.');
    const asking = isRole && chosen !== null && reason !== null;
    if (asking && !reasonIsLongEnough(reason)) return setError(PLAN_MESSAGES.longerDescription);
    const body = {
      type,
      title: title.trim(),
      ...(isRole ? { role: title.trim(), person: chosen, allocation: Number(allocation) || 0, ...(orgRole ? { orgRole } : {}) } : {}),
      ...(asking ? { reason: reason.trim() } : {}),
      ...(hasAmount(type) && amount !== '' ? { amount: Number(amount) } : {}),
      ...(start ? { startDate: start } : {}),
      ...(oneDay ? (start ? { endDate: start } : {}) : end ? { endDate: end } : {}),
    };
    create.mutate(body, {
      onSuccess: (saved) => {
        if (isRole && turnedIntoRequest(saved, chosen)) notifications.show({ message: SENT_FOR_APPROVAL, color: 'blue' });
        onClose();
      },
      onError: (failure) => {
        if (asksForReason(failure)) setReason((given) => given ?? '');
        showPlanFailure(failure, setError);
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title="Add to plan" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Select
            label="Type"
            data={ADDABLE_TYPES.map((entry) => ({ value: entry.value, label: entry.label }))}
            value={type}
            onChange={(value) => setType((value as PlanItemType | null) ?? 'person')}
            allowDeselect={false}
          />
          <TitleField isRole={isRole} value={title} onChange={setTitle} />
          {isRole && (
            <>
              <Select
                label="Person"
                placeholder="Select a team member..."
                data={candidates}
                value={chosen}
                onChange={setPerson}
                clearable
                searchable
              />
              <AllocationField value={allocation} onChange={setAllocation} />
              {org && <OrgRoleField roles={org.roles ?? []} value={orgRole} onChange={setOrgRole} />}
              {chosen && reason !== null && (
                <Textarea label="Reason" value={reason} onChange={(event) => setReason(event.currentTarget.value)} autosize minRows={2} />
              )}
            </>
          )}
          {hasAmount(type) && <AmountField currency={mission.currency} value={amount} onChange={setAmount} />}
          <DateFields oneDay={oneDay} start={start} end={end} onStart={setStart} onEnd={setEnd} />
          {error && <FormError>{error}</FormError>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
