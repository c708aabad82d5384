import { Group, NumberInput, Select, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { RATE_TIMES, type RateTime } from '@crewplan/domain/org/settings';
import { PLAN_MESSAGES } from '@crewplan/domain/plan/plan';
import { dailyHoursHint } from './plan-rules.ts';

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

/** A role's cost rate and bill rate per rate time (rule 83: the organisation's roleDefaultRateTime is the default). */
export function RateFields({
  currency,
  rate,
  billRate,
  rateTime,
  onRate,
  onBillRate,
  onRateTime,
}: {
  currency: string;
  rate: number | string;
  billRate: number | string;
  rateTime: RateTime;
  onRate: (value: number | string) => void;
  onBillRate: (value: number | string) => void;
  onRateTime: (value: RateTime) => void;
}) {
  return (
    <Group grow align="flex-start">
      <NumberInput label={`Cost rate (${currency})`} min={0} decimalScale={2} value={rate} onChange={onRate} />
      <NumberInput label={`Bill rate (${currency})`} min={0} decimalScale={2} value={billRate} onChange={onBillRate} />
      <Select
        label="Per"
        data={[...RATE_TIMES]}
        value={rateTime}
        onChange={(value) => onRateTime((value as RateTime | null) ?? rateTime)}
        allowDeselect={false}
      />
    </Group>
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
