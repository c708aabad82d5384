import './styles.ts';
import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { toNumber } from '@crewplan/domain/shared/numbers';
import { FormError } from '../../components/FormError.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { usePhone } from '../../lib/phone.ts';
import { setParams } from '../../lib/url-state.ts';
import { missionQuery, useSaveBudget, type BudgetUpdate, type Mission } from './api.ts';
import { currencyChangeNotice, currencyChoices } from './currencies.ts';

/** Spec 2 §2, rule 281: the budget set-up is a modal at most 600 wide. */
const SETUP_WIDTH = 600;

/** The mission budget set-up (`?budget-setup=<missionId>`): currency, budget, billable, milestone billing, no timesheets. */
export function BudgetSetupScreen({ value: missionId }: { value: string }) {
  const mission = useQuery({ ...missionQuery(missionId), enabled: Boolean(missionId) });
  const close = () => setParams({ 'budget-setup': null });
  const canSet = mission.data?.abilities['money.write'] ?? false;
  // a phone gives the form its whole screen
  const phone = usePhone();
  return (
    <Modal
      opened
      onClose={close}
      size={SETUP_WIDTH}
      fullScreen={phone}
      title={mission.data ? `Budget set-up of ${mission.data.title}` : 'Budget set-up'}
    >
      {mission.isPending && <Loader aria-label="Loading the mission" />}
      {mission.isError && <FormError>{mission.error.message}</FormError>}
      {mission.data && !canSet && (
        <Alert color="yellow" title="Not for you">
          Only the mission&apos;s owners and project managers, and the organisation&apos;s admins and managers, set its budget.
        </Alert>
      )}
      {mission.data && canSet && <BudgetForm mission={mission.data} onDone={close} />}
    </Modal>
  );
}

function BudgetForm({ mission, onDone }: { mission: Mission; onDone: () => void }) {
  const save = useSaveBudget(mission._id);
  const [form, setForm] = useState<Omit<BudgetUpdate, 'budgetAvailable'>>({
    currency: mission.currency,
    notBillable: mission.notBillable,
    billUsingMilestones: mission.billUsingMilestones,
    noTimesheets: mission.noTimesheets,
  });
  const [budget, setBudget] = useState(mission.budgetAvailable === null ? '' : String(mission.budgetAvailable));
  const set = (change: Partial<typeof form>) => setForm((current) => ({ ...current, ...change }));
  const fieldError = (field: keyof BudgetUpdate) => {
    const message = isApiError(save.error) ? save.error.fields?.[field] : undefined;
    return typeof message === 'string' ? message : undefined;
  };

  const submit = () =>
    // commas are thousands separators: 1,250.75 is 1250.75
    save.mutate(
      { ...form, budgetAvailable: budget.trim() === '' ? null : toNumber(budget) },
      {
        onSuccess: () => {
          notifications.show({ message: 'Budget saved' });
          onDone();
        },
      },
    );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        {/* side by side where there is room, one under the other on a phone (each needs its whole width there) */}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label="Currency"
            description="Every amount of the mission is counted in it"
            data={currencyChoices(mission.currency)}
            value={form.currency}
            onChange={(currency) => currency && set({ currency })}
            allowDeselect={false}
            searchable
            error={fieldError('currency')}
          />
          <TextInput
            label="Budget available"
            description="Leave empty for no budget"
            placeholder="No budget"
            inputMode="decimal"
            value={budget}
            onChange={(event) => setBudget(event.currentTarget.value)}
            leftSection={
              <Text size="xs" c="dimmed">
                {form.currency}
              </Text>
            }
            leftSectionWidth={48}
            error={fieldError('budgetAvailable')}
            data-autofocus
          />
        </SimpleGrid>
        {currencyChangeNotice(mission.currency, form.currency) && (
          <Alert color="yellow" data-testid="currency-change-notice">
            {currencyChangeNotice(mission.currency, form.currency)}
          </Alert>
        )}
        <Switch
          label="Billable"
          description="The mission earns revenue from its bill rates"
          checked={!form.notBillable}
          onChange={(event) => set({ notBillable: !event.currentTarget.checked })}
        />
        <Switch
          label="Bill using milestones"
          description="Revenue counts when a milestone is approved or its task is complete, not by the hour"
          checked={form.billUsingMilestones}
          disabled={form.notBillable}
          onChange={(event) => set({ billUsingMilestones: event.currentTarget.checked })}
        />
        <Switch
          label="No timesheets"
          description="People on the mission do not record hours; only submitted and approved weeks are kept"
          checked={form.noTimesheets}
          onChange={(event) => set({ noTimesheets: event.currentTarget.checked })}
        />
        {save.isError && !fieldError('currency') && !fieldError('budgetAvailable') && <FormError>{save.error.message}</FormError>}
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => setParams({ 'budget-setup': null, 'budget-bar': mission._id })}>
            Open the budget view
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save budget
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
