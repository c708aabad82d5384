import './styles.ts';
import { ActionIcon, Button, Fieldset, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { BILLING_UNIT_LABELS } from '@crewplan/domain/money/rates';
import { RATE_TIMES, type RateTime } from '@crewplan/domain/org/settings';
import { PLAN_MESSAGES, RACI_FREQUENCIES } from '@crewplan/domain/plan/plan';
import { dailyHoursHint, raciRowHours, type RaciRow } from './plan-rules.ts';

/** Rule 188: each rate unit with its billing label ('Hourly p/h', 'One time /1x'). */
const UNIT_OPTIONS = RATE_TIMES.map((unit) => ({ value: unit, label: `${unit} ${BILLING_UNIT_LABELS[unit]}` }));

/**
 * Form pieces shared by the add and edit dialogs of the plan, so both read and say the same: the role or title, the
 * allocation with its default day (rule 10), an amount, the rates, and the dates (one day for milestones and outcomes).
 */

/** A failed call's text: shown under the form, and the overlap as a 6-second toast too (spec 1 §9, rule 75). */
export function showPlanFailure(error: Error, setError: (text: string) => void) {
  setError(error.message);
  if (error.message === PLAN_MESSAGES.overlappingRoles) notifications.show({ message: error.message, color: 'red', autoClose: 6_000 });
}

export function TitleField({ isRole, value, onChange }: { isRole: boolean; value: string; onChange: (value: string) => void }) {
  return (
    <TextInput label={isRole ? 'Role' : 'Title'} value={value} onChange={(event) => onChange(event.currentTarget.value)} data-autofocus />
  );
}

/** The allocation in percent, with the default daily hours it gives (8 h × percent). */
export function AllocationField({ value, onChange }: { value: number | string; onChange: (value: number | string) => void }) {
  return (
    <NumberInput
      label="Allocation (%)"
      description={`Default day: ${dailyHoursHint(value)}`}
      min={0}
      max={100}
      allowDecimal={false}
      clampBehavior="strict"
      value={value}
      onChange={onChange}
    />
  );
}

export function AmountField({
  currency,
  value,
  onChange,
}: {
  currency: string;
  value: number | string;
  onChange: (value: number | string) => void;
}) {
  return <NumberInput label={`Amount (${currency})`} min={0} decimalScale={2} value={value} onChange={onChange} />;
}

/**
 * A role's cost rate per its rate unit and bill rate per its billing unit, each unit shown with its billing label
 * (rules 187, 188; rule 190 gives the default unit). Only shown to who sees the mission's money.
 */
export function RateFields({
  currency,
  rate,
  billRate,
  rateTime,
  billUnit,
  onRate,
  onBillRate,
  onRateTime,
  onBillUnit,
}: {
  currency: string;
  rate: number | string;
  billRate: number | string;
  rateTime: RateTime;
  billUnit: RateTime | null;
  onRate: (value: number | string) => void;
  onBillRate: (value: number | string) => void;
  onRateTime: (value: RateTime) => void;
  onBillUnit: (value: RateTime | null) => void;
}) {
  return (
    <Stack gap="xs">
      <Group grow align="flex-start">
        <NumberInput label={`Cost rate (${currency})`} min={0} max={1e12} decimalScale={2} value={rate} onChange={onRate} />
        <Select
          label="Per"
          data={UNIT_OPTIONS}
          value={rateTime}
          onChange={(value) => onRateTime((value as RateTime | null) ?? rateTime)}
          allowDeselect={false}
        />
      </Group>
      <Group grow align="flex-start">
        <NumberInput label={`Bill rate (${currency})`} min={0} max={1e12} decimalScale={2} value={billRate} onChange={onBillRate} />
        <Select
          label="Billed"
          placeholder="Same as the rate"
          data={UNIT_OPTIONS}
          value={billUnit}
          onChange={(value) => onBillUnit(value as RateTime | null)}
          clearable
        />
      </Group>
    </Stack>
  );
}

/** A whole number of units (of a cost item). */
export function QuantityField({ value, onChange }: { value: number | string; onChange: (value: number | string) => void }) {
  return <NumberInput label="Quantity" min={0} allowDecimal={false} value={value} onChange={onChange} />;
}

/** The hours a role needs in all. */
export function HoursNeededField({ value, onChange }: { value: number | string; onChange: (value: number | string) => void }) {
  return <NumberInput label="Hours needed" min={0} decimalScale={2} value={value} onChange={onChange} />;
}

/** The organisation role of a person role: rate cards are per role, and a role without a rate takes the card's. */
export function OrgRoleField({
  roles,
  value,
  onChange,
}: {
  roles: readonly { _id: string; name: string; isDeleted: boolean }[];
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const data = roles.filter((role) => !role.isDeleted || role._id === value).map((role) => ({ value: role._id, label: role.name }));
  return (
    <Select
      label="Organisation role"
      description="A role without a rate takes the rate of the project's or client's rate card, else the role's cost."
      placeholder="None"
      data={data}
      value={value}
      onChange={onChange}
      clearable
      searchable
    />
  );
}

/**
 * The role's hours on tasks: for each task, hours per frequency (Total, per day, week or month), hours so far, and
 * optional dates (the role's otherwise); the hours needed each line gives are shown as they are computed.
 */
export function RaciFields({
  tasks,
  rows,
  role,
  onChange,
}: {
  tasks: readonly { _id: string; title: string }[];
  rows: RaciRow[];
  role: { startDate: string; endDate: string };
  onChange: (rows: RaciRow[]) => void;
}) {
  const set = (index: number, patch: Partial<RaciRow>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const taskOptions = tasks.map((task) => ({ value: task._id, label: task.title || 'Untitled task' }));
  const free = taskOptions.find((option) => !rows.some((row) => row.taskId === option.value));
  return (
    <Fieldset legend="Hours on tasks" data-testid="raci-fields">
      <Stack gap="xs">
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {tasks.length === 0 ? 'The project has no tasks yet.' : 'No hours on tasks yet.'}
          </Text>
        )}
        {rows.map((row, index) => {
          const hours = raciRowHours(row, role);
          const name = taskOptions.find((option) => option.value === row.taskId)?.label ?? 'task';
          return (
            <Group key={index} gap="xs" align="flex-end" wrap="wrap">
              <Select
                label="Task"
                data={taskOptions}
                value={row.taskId}
                onChange={(value) => value && set(index, { taskId: value })}
                allowDeselect={false}
                searchable
                w={180}
              />
              <NumberInput
                label="Hours"
                min={0}
                decimalScale={2}
                value={row.hoursPer}
                onChange={(value) => set(index, { hoursPer: value })}
                w={80}
              />
              <Select
                label="Frequency"
                data={[...RACI_FREQUENCIES]}
                value={row.frequency}
                onChange={(value) => value && set(index, { frequency: value as RaciRow['frequency'] })}
                allowDeselect={false}
                w={120}
              />
              <TextInput
                label="From"
                type="date"
                value={row.startDate}
                onChange={(event) => set(index, { startDate: event.currentTarget.value })}
                w={140}
              />
              <TextInput
                label="To"
                type="date"
                value={row.endDate}
                min={row.startDate}
                onChange={(event) => set(index, { endDate: event.currentTarget.value })}
                w={140}
              />
              <NumberInput
                label="Done"
                min={0}
                decimalScale={2}
                value={row.actualHours}
                onChange={(value) => set(index, { actualHours: value })}
                w={80}
              />
              <Text size="sm" pb={6} data-testid="raci-hours-needed">
                {hours === null ? '—' : `${hours} h needed`}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red.8"
                mb={4}
                aria-label={`Remove the hours on ${name}`}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          );
        })}
        {free && (
          <Group>
            <Button
              size="xs"
              variant="light"
              onClick={() =>
                onChange([...rows, { taskId: free.value, hoursPer: '', frequency: 'Total', actualHours: '', startDate: '', endDate: '' }])
              }
            >
              Add hours on a task
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}

/** Start and end, or one 'Date' for the types that fall on one day. */
export function DateFields({
  oneDay,
  start,
  end,
  onStart,
  onEnd,
  disabled,
}: {
  oneDay: boolean;
  start: string;
  end: string;
  onStart: (value: string) => void;
  onEnd: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <Group grow>
      <TextInput
        label={oneDay ? 'Date' : 'Start'}
        type="date"
        value={start}
        disabled={disabled}
        onChange={(event) => onStart(event.currentTarget.value)}
      />
      {!oneDay && (
        <TextInput
          label="End"
          type="date"
          value={end}
          min={start}
          disabled={disabled}
          onChange={(event) => onEnd(event.currentTarget.value)}
        />
      )}
    </Group>
  );
}
