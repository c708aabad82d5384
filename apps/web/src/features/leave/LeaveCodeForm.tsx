import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, Checkbox, Group, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTimeZone } from '../../lib/time-zone.ts';
import { yearIn } from './leave-rules.ts';
import { codeProblems, type CodeDraft } from './leave-settings-rules.ts';

const numberOrNull = (value: string | number) => (value === '' ? null : Number(value));

/** Adds or edits one leave code with every field it has (spec 2 §3); the form refuses what the server would. */
export function LeaveCodeForm({
  initial,
  title,
  onSave,
  onClose,
}: {
  initial: CodeDraft;
  title: string;
  onSave: (code: CodeDraft) => void;
  onClose: () => void;
}) {
  const [code, setCode] = useState<CodeDraft>(initial);
  const thisYear = yearIn(new Date(), useTimeZone());
  const [tried, setTried] = useState(false);
  const set = (patch: Partial<CodeDraft>) => setCode((current) => ({ ...current, ...patch }));
  // the id is given on save for a new code; checked here as if it had one
  const problems = tried ? codeProblems({ ...code, id: code.id || 'new' }) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(codeProblems({ ...code, id: code.id || 'new' })).length === 0)
      onSave({ ...code, code: code.code.trim(), description: code.description.trim() });
  };
  const setDay = (index: number, patch: Partial<CodeDraft['days'][number]>) =>
    set({ days: code.days.map((day, i) => (i === index ? { ...day, ...patch } : day)) });
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <form onSubmit={submit} aria-label={title} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Code"
              description="Short, e.g. AL"
              value={code.code}
              onChange={(e) => set({ code: e.currentTarget.value })}
              error={problems.code}
              maxLength={20}
            />
            <TextInput
              label="Description"
              required
              value={code.description}
              onChange={(e) => set({ description: e.currentTarget.value })}
              error={problems.description}
              data-autofocus
            />
            <NumberInput
              label="Fewest hours"
              description="Of one request; empty for none"
              min={0}
              value={code.minHours ?? ''}
              onChange={(v) => set({ minHours: numberOrNull(v) })}
              error={problems.minHours}
            />
            <NumberInput
              label="Most hours"
              description="Of one request; empty for none"
              min={0}
              value={code.maxHours ?? ''}
              onChange={(v) => set({ maxHours: numberOrNull(v) })}
              error={problems.maxHours}
            />
            <NumberInput
              label="Times per year"
              description="Empty for any number"
              min={0}
              max={366}
              allowDecimal={false}
              value={code.timesPerYear ?? ''}
              onChange={(v) => set({ timesPerYear: numberOrNull(v) })}
              error={problems.timesPerYear}
            />
          </SimpleGrid>
          <Group>
            <Checkbox label="Fixed entitlement" checked={code.fixed} onChange={(e) => set({ fixed: e.currentTarget.checked })} />
            <Checkbox
              label="Project level"
              checked={code.isProjectLevel}
              onChange={(e) => set({ isProjectLevel: e.currentTarget.checked })}
            />
            <Checkbox
              label="Half days allowed"
              checked={code.allowHalfDays}
              onChange={(e) => set({ allowHalfDays: e.currentTarget.checked })}
            />
            <Checkbox label="Hide the reason" checked={code.hideReason} onChange={(e) => set({ hideReason: e.currentTarget.checked })} />
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Days per year
            </Text>
            {code.days.length === 0 && (
              <Text size="xs" c="dimmed">
                None: the entitlement comes from the country, or the person&apos;s own amounts.
              </Text>
            )}
            {code.days.map((day, index) => (
              <Group key={index} gap="xs" align="end">
                <NumberInput
                  label="Year"
                  min={1900}
                  max={2999}
                  allowDecimal={false}
                  value={day.year}
                  onChange={(v) => setDay(index, { year: Number(v) || day.year })}
                  w={110}
                />
                <NumberInput
                  label="Days"
                  min={0}
                  max={366}
                  decimalScale={1}
                  value={day.amount}
                  onChange={(v) => setDay(index, { amount: Number(v) || 0 })}
                  w={110}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={4}
                  aria-label={`Remove the days of ${day.year}`}
                  onClick={() => set({ days: code.days.filter((_, i) => i !== index) })}
                >
                  <IconTrash size={16} aria-hidden="true" />
                </ActionIcon>
              </Group>
            ))}
            {problems.days && (
              <Text size="xs" c="red">
                {problems.days}
              </Text>
            )}
            <Group>
              <Button
                variant="default"
                size="compact-sm"
                onClick={() => set({ days: [...code.days, { year: (code.days.at(-1)?.year ?? thisYear - 1) + 1, amount: 0 }] })}
              >
                Add a year
              </Button>
            </Group>
          </Stack>
          <Textarea
            label="Comments"
            autosize
            minRows={2}
            value={code.comments}
            onChange={(e) => set({ comments: e.currentTarget.value })}
            error={problems.comments}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Keep this code</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
