import { useState } from 'react';
import { Button, Group, Modal, Stack, Switch } from '@mantine/core';
import type { Mission } from '@crewplan/domain/missions/mission';
import type { PlanItem } from '@crewplan/domain/plan/plan';
import { FormError } from '../../components/FormError.tsx';
import { formatDay } from '../../lib/days.ts';
import { usePlanContext, usePlanMutations } from './api.ts';
import {
  AllocationField,
  AmountField,
  DateFields,
  HoursNeededField,
  OrgRoleField,
  QuantityField,
  RaciFields,
  RateFields,
  showPlanFailure,
  TitleField,
} from './PlanItemFields.tsx';
import { editableFields, isPinnedToMission, planItemChanges, planItemForm, TYPE_LABELS, type PlanItemForm } from './plan-rules.ts';

/**
 * Changes a plan item's fields (`PUT /mission-plan/:id/bulk`), those its type has: a role's name, dates, allocation,
 * rates and pin to the mission's dates; a phase's title and dates; a milestone's or outcome's title and day, with the
 * amount of milestones and costs. Only what changed is sent; the server's refusals show under the form. Rates and
 * amounts show only to who sees the mission's money (the server sends them as null to others).
 */
export function EditPlanItem({ mission, item, onClose }: { mission: Mission; item: PlanItem; onClose: () => void }) {
  const { update } = usePlanMutations(mission._id);
  const [form, setForm] = useState<PlanItemForm>(() => planItemForm(item));
  const [error, setError] = useState<string | null>(null);
  const { org } = usePlanContext(mission.org);
  // the server strips money (null) for who may not see it (rule: team members and observers never see rates)
  const money = item.rate !== null;
  const fields = editableFields(item.type, money);
  const isRole = item.type === 'person';
  const set =
    <K extends keyof PlanItemForm>(key: K) =>
    (value: PlanItemForm[K]) =>
      setForm((now) => ({ ...now, [key]: value }));
  const pinned = fields.pin && form.pinnedToMission;
  // pinned dates follow the mission: shown as the mission's, not editable
  const start = pinned ? (mission.planStartDate ?? form.startDate) : form.startDate;
  const end = pinned ? (mission.planEndDate ?? form.endDate) : form.endDate;
  const label = isRole ? (item.role ?? item.title) : item.title;

  const submit = () => {
    setError(null);
    const result = planItemChanges(item, form, money);
    if (result.error !== null) return setError(result.error);
    if (Object.keys(result.changes).length === 0) return onClose();
    update.mutate(
      { planItemId: item._id, ...result.changes },
      { onSuccess: onClose, onError: (failure) => showPlanFailure(failure, setError) },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Edit ${TYPE_LABELS[item.type].toLowerCase()}: ${label}`} centered size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TitleField isRole={isRole} value={form.title} onChange={set('title')} />
          {fields.pin && (
            <Switch
              label="Pinned to the mission's dates"
              description={
                form.pinnedToMission
                  ? `Follows the mission: ${formatDay(mission.planStartDate)} – ${formatDay(mission.planEndDate)}.`
                  : item.pinnedTo && !isPinnedToMission(item.pinnedTo)
                    ? 'Pinned to another date; changing the dates unpins it.'
                    : 'Keeps its own dates.'
              }
              checked={form.pinnedToMission}
              onChange={(event) => set('pinnedToMission')(event.currentTarget.checked)}
            />
          )}
          <DateFields oneDay={fields.oneDay} start={start} end={end} onStart={set('startDate')} onEnd={set('endDate')} disabled={pinned} />
          {fields.allocation && <AllocationField value={form.allocation} onChange={set('allocation')} />}
          {isRole && org && <OrgRoleField roles={org.roles ?? []} value={form.orgRole} onChange={set('orgRole')} />}
          {fields.rates && (
            <RateFields
              currency={mission.currency}
              rate={form.rate}
              billRate={form.billRate}
              rateTime={form.rateTime}
              billUnit={form.billUnit}
              onRate={set('rate')}
              onBillRate={set('billRate')}
              onRateTime={set('rateTime')}
              onBillUnit={set('billUnit')}
            />
          )}
          {fields.quantity && <QuantityField value={form.quantity} onChange={set('quantity')} />}
          {fields.amount && <AmountField currency={mission.currency} value={form.amount} onChange={set('amount')} />}
          {fields.hoursNeeded && <HoursNeededField value={form.hoursNeeded} onChange={set('hoursNeeded')} />}
          {fields.raci && (
            <RaciFields
              tasks={mission.actionItems ?? []}
              rows={form.raciOnTasks}
              role={{ startDate: start, endDate: end }}
              onChange={set('raciOnTasks')}
            />
          )}
          {error && <FormError>{error}</FormError>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
