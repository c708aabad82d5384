import { useState } from 'react';
import { Badge, Button, Fieldset, Group, NumberInput, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CARRY_OVER_MODES } from '@crewplan/domain/org/settings';
import { FormError } from '../../components/FormError.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { fieldError, fieldErrors } from '../../lib/field-errors.ts';
import { useHolidayCountries, useSaveLeaveSettings, type LeaveSettingsValues } from './api.ts';
import { LeaveCodeForm } from './LeaveCodeForm.tsx';
import { blankCode, codeFieldOf, isDefaultCode, missingDefaults, newCodeId, type CodeDraft } from './leave-settings-rules.ts';

const SETTINGS_FIELDS = [
  'holidayCountryCode',
  'daysPerWeek',
  'carryOverAnnualLeaveCutOff',
  'carryOverAnnualLeaveAmount',
  'carryOverAnnualLeaveFx',
];
const hoursText = (hours: number | null) => (hours === null ? '—' : `${hours} h`);

/**
 * The organisation's leave settings (spec 2 §3), for those who edit the organisation: the country whose public
 * holidays are skipped (rule 216), the working week, the carry-over of annual leave (rule 224) and the leave codes
 * with all their fields, the default set marked (rule 219). Saved together; the server checks them again whole.
 */
export function LeaveSettings({ orgId, initial, updatedAt }: { orgId: string; initial: LeaveSettingsValues; updatedAt: string }) {
  const save = useSaveLeaveSettings(orgId);
  const countries = useHolidayCountries();
  const [values, setValues] = useState(initial);
  const [editing, setEditing] = useState<{ index: number | null; code: CodeDraft } | null>(null);
  const set = (patch: Partial<LeaveSettingsValues>) => setValues((current) => ({ ...current, ...patch }));
  const error = save.error;
  const codeErrors = Object.entries(fieldErrors(error)).flatMap(([field, text]) => {
    const at = codeFieldOf(field);
    return at ? [`${values.leaveCodes[at.index]?.description ?? 'A code'}: ${text}`] : [];
  });
  const otherMessage =
    error && Object.keys(fieldErrors(error)).every((field) => SETTINGS_FIELDS.includes(field) || codeFieldOf(field))
      ? null
      : error?.message;

  const keep = (code: CodeDraft) => {
    const codes = values.leaveCodes;
    if (editing?.index === null || editing === null) {
      const id = newCodeId(
        code,
        codes.map((entry) => entry.id),
      );
      set({ leaveCodes: [...codes, { ...code, id }] });
    } else set({ leaveCodes: codes.map((entry, i) => (i === editing.index ? code : entry)) });
    setEditing(null);
  };

  return (
    <Stack gap="md" data-testid="leave-settings">
      <Fieldset legend="Working days and public holidays">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Public holidays of"
            description="Their days are not counted as leave"
            placeholder="No public holidays"
            searchable
            clearable
            data={(countries.data?.countries ?? []).map((country) => ({ value: country.code, label: `${country.name} (${country.code})` }))}
            value={values.holidayCountryCode}
            onChange={(holidayCountryCode) => set({ holidayCountryCode })}
            error={fieldError(error, 'holidayCountryCode')}
            nothingFoundMessage="No such country"
          />
          <NumberInput
            label="Working days per week"
            min={1}
            max={7}
            allowDecimal={false}
            value={values.daysPerWeek}
            onChange={(v) => set({ daysPerWeek: Number(v) || 0 })}
            error={fieldError(error, 'daysPerWeek')}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="Carry-over of annual leave">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Cut-off (MM-DD)"
            description="Empty for none"
            placeholder="03-31"
            maxLength={5}
            value={values.carryOverAnnualLeaveCutOff ?? ''}
            onChange={(e) => set({ carryOverAnnualLeaveCutOff: e.currentTarget.value || null })}
            error={fieldError(error, 'carryOverAnnualLeaveCutOff')}
          />
          <NumberInput
            label="Amount carried over"
            min={0}
            max={100}
            value={values.carryOverAnnualLeaveAmount ?? ''}
            onChange={(v) => set({ carryOverAnnualLeaveAmount: v === '' ? null : Number(v) })}
            error={fieldError(error, 'carryOverAnnualLeaveAmount')}
          />
          <Select
            label="The amount is"
            data={CARRY_OVER_MODES.map((mode) => ({
              value: mode,
              label: mode === 'percent' ? 'A percentage of what remains' : 'Days, at most what remains',
            }))}
            value={values.carryOverAnnualLeaveFx}
            onChange={(v) => v && set({ carryOverAnnualLeaveFx: v as LeaveSettingsValues['carryOverAnnualLeaveFx'] })}
            allowDeselect={false}
            error={fieldError(error, 'carryOverAnnualLeaveFx')}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="Leave codes">
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={720}>
            <Table withTableBorder aria-label="Leave codes" data-testid="leave-codes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Entitlement</Table.Th>
                  <Table.Th>Hours</Table.Th>
                  <Table.Th>Times a year</Table.Th>
                  <Table.Th>Options</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {values.leaveCodes.map((code, index) => (
                  <Table.Tr key={code.id} data-code={code.id}>
                    <Table.Td>{code.code || '—'}</Table.Td>
                    <Table.Td>
                      <Group gap={6}>
                        <Text size="sm">{code.description}</Text>
                        {isDefaultCode(code.id) && (
                          <Badge size="xs" variant="light" color="gray">
                            Default
                          </Badge>
                        )}
                      </Group>
                      {code.comments && (
                        <Text size="xs" c="dimmed">
                          {code.comments}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {code.fixed ? 'Fixed' : 'Not counted'}
                      {code.days.length > 0 && (
                        <Text size="xs" c="dimmed">
                          {code.days.map((day) => `${day.year}: ${day.amount} d`).join(', ')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {code.minHours === null && code.maxHours === null ? '—' : `${hoursText(code.minHours)} – ${hoursText(code.maxHours)}`}
                    </Table.Td>
                    <Table.Td>{code.timesPerYear ?? 'Any'}</Table.Td>
                    <Table.Td>
                      <Text size="xs">
                        {[code.isProjectLevel && 'Project level', code.allowHalfDays && 'Half days', code.hideReason && 'Reason hidden']
                          .filter(Boolean)
                          .join(' · ') || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <RowActions
                        edit={{ label: `Edit ${code.description}`, onClick: () => setEditing({ index, code }) }}
                        remove={{
                          label: `Delete ${code.description}`,
                          onClick: () => set({ leaveCodes: values.leaveCodes.filter((_, i) => i !== index) }),
                        }}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {codeErrors.map((text) => (
            <FormError key={text}>{text}</FormError>
          ))}
          <Group>
            <Button variant="default" onClick={() => setEditing({ index: null, code: blankCode() })}>
              Add leave code
            </Button>
            {missingDefaults(values.leaveCodes).length > 0 && (
              <Button variant="subtle" onClick={() => set({ leaveCodes: [...values.leaveCodes, ...missingDefaults(values.leaveCodes)] })}>
                Add back the default codes
              </Button>
            )}
          </Group>
        </Stack>
      </Fieldset>
      {otherMessage && <FormError>{otherMessage}</FormError>}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setValues(initial)} disabled={save.isPending}>
          Undo changes
        </Button>
        <Button
          loading={save.isPending}
          onClick={() =>
            // this form is remounted when the saved organisation comes back (its key is the version), which can be
            // before the save's own answer: a callback of `mutate` would be dropped with it, the promise is not
            save.mutateAsync({ ...values, updatedAt }).then(
              () => notifications.show({ message: 'Leave settings saved.' }),
              () => undefined, // shown beside the form (save.error)
            )
          }
        >
          Save leave settings
        </Button>
      </Group>
      {editing && (
        <LeaveCodeForm
          initial={editing.code}
          title={editing.index === null ? 'New leave code' : `Edit ${editing.code.description}`}
          onSave={keep}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
