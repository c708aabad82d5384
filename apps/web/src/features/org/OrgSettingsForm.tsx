import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, Fieldset, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { CARRY_OVER_MODES, OVERTIME_MODES, overtimeAfterForMode, RATE_TIMES } from '@crewplan/domain/org/settings';
import { fieldError, formMessage } from '../../lib/field-errors.ts';
import type { Org, OrgSettingsInput } from './api.ts';
import { FormError } from '../../components/FormError.tsx';
import { plural } from '@crewplan/domain/shared/words';

type LeaveCode = Org['leaveCodes'][number];
export type SettingsValues = Required<Omit<OrgSettingsInput, 'inviteDomains'>> & { leaveCodes: LeaveCode[] };

export const NEW_ORG_DEFAULTS: SettingsValues = {
  title: '',
  currency: 'USD',
  roleDefaultRateTime: 'Hourly',
  holidayCountryCode: null,
  daysPerWeek: 5,
  carryOverAnnualLeaveCutOff: null,
  carryOverAnnualLeaveAmount: null,
  carryOverAnnualLeaveFx: 'percent',
  overTimeAfterDayOrWeek: 'day',
  overTimeAfter: 8,
  isMFARequired: false,
  rolesNeedApproval: false,
  canProjectManagersApproveRoles: false,
  projectCreationRestricted: false,
  invoicingDisabled: false,
  proposalDeadlines: [],
  leaveCodes: [],
};

export function valuesOf(org: Org): SettingsValues {
  const { title, currency, roleDefaultRateTime, holidayCountryCode, daysPerWeek, carryOverAnnualLeaveCutOff } = org;
  return {
    title,
    currency,
    roleDefaultRateTime,
    holidayCountryCode,
    daysPerWeek,
    carryOverAnnualLeaveCutOff,
    carryOverAnnualLeaveAmount: org.carryOverAnnualLeaveAmount,
    carryOverAnnualLeaveFx: org.carryOverAnnualLeaveFx,
    overTimeAfterDayOrWeek: org.overTimeAfterDayOrWeek,
    overTimeAfter: org.overTimeAfter,
    isMFARequired: org.isMFARequired,
    rolesNeedApproval: org.rolesNeedApproval,
    canProjectManagersApproveRoles: org.canProjectManagersApproveRoles,
    projectCreationRestricted: org.projectCreationRestricted,
    invoicingDisabled: org.invoicingDisabled,
    proposalDeadlines: org.proposalDeadlines,
    leaveCodes: org.leaveCodes,
  };
}

/** The settings whose refusal shows next to their own field. */
const SHOWN_FIELDS = [
  'title',
  'currency',
  'roleDefaultRateTime',
  'daysPerWeek',
  'holidayCountryCode',
  'overTimeAfterDayOrWeek',
  'overTimeAfter',
  'carryOverAnnualLeaveCutOff',
  'carryOverAnnualLeaveAmount',
  'carryOverAnnualLeaveFx',
];

/**
 * Every setting of an organisation, grouped. `full` adds the lists (leave codes, proposal deadlines), which a
 * new organisation takes from the defaults.
 */
export function OrgSettingsForm({
  initial,
  full,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
  mayLowerSecurity = true,
}: {
  initial: SettingsValues;
  full: boolean;
  /** whether the caller may stop requiring two-factor authentication (admins only; the server refuses others) */
  mayLowerSecurity?: boolean;
  submitLabel: string;
  pending: boolean;
  /** the failed save: its field sentences show next to their fields, the rest under the form */
  error: unknown;
  onSubmit: (values: SettingsValues) => void;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [deadline, setDeadline] = useState({ title: '', days: 30 });
  const message = formMessage(error, SHOWN_FIELDS);
  const set = (patch: Partial<SettingsValues>) => setValues((v) => ({ ...v, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ ...values, title: values.title.trim(), currency: values.currency.trim().toUpperCase() });
  };

  return (
    <form onSubmit={submit} aria-label="Organisation settings">
      <Stack>
        <Fieldset legend="General">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Organisation name"
              required
              value={values.title}
              error={fieldError(error, 'title')}
              onChange={(e) => set({ title: e.currentTarget.value })}
              data-autofocus
            />
            <TextInput
              label="Currency"
              description="Three-letter code, e.g. USD, EUR, GBP"
              required
              maxLength={3}
              value={values.currency}
              error={fieldError(error, 'currency')}
              onChange={(e) => set({ currency: e.currentTarget.value.toUpperCase() })}
            />
            <Select
              label="Default rate time of new roles"
              data={[...RATE_TIMES]}
              value={values.roleDefaultRateTime}
              error={fieldError(error, 'roleDefaultRateTime')}
              onChange={(v) => v && set({ roleDefaultRateTime: v as SettingsValues['roleDefaultRateTime'] })}
              allowDeselect={false}
            />
            {!full && (
              <>
                <NumberInput
                  label="Working days per week"
                  min={1}
                  max={7}
                  value={values.daysPerWeek}
                  error={fieldError(error, 'daysPerWeek')}
                  onChange={(v) => set({ daysPerWeek: Number(v) || 5 })}
                />
                <TextInput
                  label="Public holidays of country"
                  description="Two-letter code, e.g. GB; empty for none"
                  maxLength={2}
                  value={values.holidayCountryCode ?? ''}
                  error={fieldError(error, 'holidayCountryCode')}
                  onChange={(e) => set({ holidayCountryCode: e.currentTarget.value.toUpperCase() || null })}
                />
              </>
            )}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Projects and roles">
          <Stack gap="xs">
            <Switch
              label="Roles need approval"
              checked={values.rolesNeedApproval}
              onChange={(e) => set({ rolesNeedApproval: e.currentTarget.checked })}
            />
            <Switch
              label="Project managers can approve roles"
              checked={values.canProjectManagersApproveRoles}
              onChange={(e) => set({ canProjectManagersApproveRoles: e.currentTarget.checked })}
            />
            <Switch
              label="Only allowed people create projects"
              checked={values.projectCreationRestricted}
              onChange={(e) => set({ projectCreationRestricted: e.currentTarget.checked })}
            />
            <Switch
              label="Invoicing disabled"
              checked={values.invoicingDisabled}
              onChange={(e) => set({ invoicingDisabled: e.currentTarget.checked })}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend="Security">
          <Switch
            label="Require two-factor authentication"
            checked={values.isMFARequired}
            disabled={initial.isMFARequired && !mayLowerSecurity}
            description={initial.isMFARequired && !mayLowerSecurity ? 'Only organization admins can turn this off.' : undefined}
            onChange={(e) => set({ isMFARequired: e.currentTarget.checked })}
          />
        </Fieldset>
        <Fieldset legend="Overtime">
          <Group>
            <Select
              label="Count overtime per"
              data={OVERTIME_MODES.map((m) => ({ value: m, label: m === 'day' ? 'Day' : 'Week' }))}
              value={values.overTimeAfterDayOrWeek}
              error={fieldError(error, 'overTimeAfterDayOrWeek')}
              onChange={(v) => {
                if (!v) return;
                const mode = v as SettingsValues['overTimeAfterDayOrWeek'];
                set({
                  overTimeAfterDayOrWeek: mode,
                  overTimeAfter: overtimeAfterForMode(values.overTimeAfter, values.overTimeAfterDayOrWeek, mode),
                });
              }}
              allowDeselect={false}
            />
            <NumberInput
              label="Overtime after (hours)"
              min={0}
              max={168}
              value={values.overTimeAfter}
              error={fieldError(error, 'overTimeAfter')}
              onChange={(v) => set({ overTimeAfter: Number(v) || 0 })}
            />
          </Group>
        </Fieldset>
        {!full && (
          <Fieldset legend="Annual leave carry-over">
            <Group>
              <TextInput
                label="Cut-off (MM-DD)"
                placeholder="12-31"
                maxLength={5}
                value={values.carryOverAnnualLeaveCutOff ?? ''}
                error={fieldError(error, 'carryOverAnnualLeaveCutOff')}
                onChange={(e) => set({ carryOverAnnualLeaveCutOff: e.currentTarget.value || null })}
              />
              <NumberInput
                label="Amount carried over"
                min={0}
                max={100}
                value={values.carryOverAnnualLeaveAmount ?? ''}
                error={fieldError(error, 'carryOverAnnualLeaveAmount')}
                onChange={(v) => set({ carryOverAnnualLeaveAmount: v === '' ? null : Number(v) })}
              />
              <Select
                label="Amount is"
                data={CARRY_OVER_MODES.map((m) => ({ value: m, label: m === 'percent' ? 'A percentage' : 'Fixed days' }))}
                value={values.carryOverAnnualLeaveFx}
                error={fieldError(error, 'carryOverAnnualLeaveFx')}
                onChange={(v) => v && set({ carryOverAnnualLeaveFx: v as SettingsValues['carryOverAnnualLeaveFx'] })}
                allowDeselect={false}
              />
            </Group>
          </Fieldset>
        )}
        {full && (
          <Text size="sm" c="dimmed" data-testid="leave-settings-moved">
            Public holidays, the working week, carry-over and leave codes are set in the Leaves tab.
          </Text>
        )}
        {full && (
          <Fieldset legend="Proposal deadlines">
            <Stack gap="xs">
              {values.proposalDeadlines.map((d, index) => (
                <Group key={`${d.title}-${index}`} justify="space-between">
                  <Text size="sm">
                    {d.title} · {plural(d.days, 'day')}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove deadline ${d.title}`}
                    onClick={() => set({ proposalDeadlines: values.proposalDeadlines.filter((_, i) => i !== index) })}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              ))}
              <Group align="end">
                <TextInput
                  label="Deadline name"
                  value={deadline.title}
                  onChange={(e) => setDeadline({ ...deadline, title: e.currentTarget.value })}
                />
                <NumberInput
                  label="Days"
                  min={0}
                  max={3650}
                  value={deadline.days}
                  onChange={(v) => setDeadline({ ...deadline, days: Number(v) || 0 })}
                  w={100}
                />
                <Button
                  variant="default"
                  disabled={!deadline.title.trim()}
                  onClick={() => {
                    set({ proposalDeadlines: [...values.proposalDeadlines, { title: deadline.title.trim(), days: deadline.days }] });
                    setDeadline({ title: '', days: 30 });
                  }}
                >
                  Add deadline
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        )}
        {message && <FormError>{message}</FormError>}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
