import './styles.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { FIRST_CURRENCIES } from '@crewplan/domain/money/currencies';
import { useMissionTree } from '../../lib/mission-tree.ts';
import { useExpenseMutations, type Expense, type ExpenseTarget } from './api.ts';
import { amountText, expenseAmountsOf, localDay, pastedFiles, type ExpenseAmountTexts } from './format.ts';
import { expenseChoices, type ExpenseOrg } from './places.ts';

/** The accepted receipts: photos and PDFs (the server sniffs the bytes again). */
const RECEIPT_ACCEPT = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/heic', 'image/heif', 'application/pdf'];

type Values = ExpenseAmountTexts & { currency: string; date: string; where: string; category: string; description: string };

const targetOf = (where: string): ExpenseTarget =>
  where.startsWith('mission:') ? { missionId: where.slice('mission:'.length) } : { orgId: where.slice('org:'.length) };

/**
 * Quick entry of an expense (issue item 4): amount (with its tip and taxes), currency, date, mission (or the
 * organisation itself) and the receipt, dropped, picked or pasted. Saves a draft or submits at once; the same form
 * changes a draft or rejected one. A team member from outside an organisation is offered only its projects they work on.
 */
export function ExpenseForm({ orgs, expense, onDone }: { orgs: ExpenseOrg[]; expense?: Expense; onDone: () => void }) {
  const tree = useMissionTree({ isActive: true });
  const choices = useMemo(() => expenseChoices(orgs, tree.data ?? []), [orgs, tree.data]);
  const [values, setValues] = useState<Values>(() => ({
    amount: expense ? String(expense.amount) : '',
    tip: amountText(expense?.tip),
    tax1: amountText(expense?.tax1),
    tax2: amountText(expense?.tax2),
    currency: expense?.currency ?? orgs.find((org) => org.currency)?.currency ?? 'USD',
    date: expense?.date ?? localDay(),
    where: expense ? (expense.mission ? `mission:${expense.mission}` : `org:${expense.org}`) : '',
    category: expense?.category ?? '',
    description: expense?.description ?? '',
  }));
  const [files, setFiles] = useState<File[]>([]);
  // the draft a first save made, though a receipt was then refused: saving again changes it, never a second expense
  const [draft, setDraft] = useState<Expense | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const openRef = useRef<() => void>(null);
  const { create, update } = useExpenseMutations();
  const busy = create.isPending || update.isPending;

  // the first mission is the usual place; the organisation itself when there is none
  useEffect(() => {
    if (values.where || expense) return;
    const first = choices.flatMap((group) => group.items)[0];
    if (first && (tree.isSuccess || tree.isError)) setValues((v) => ({ ...v, where: first.value }));
  }, [choices, values.where, expense, tree.isSuccess, tree.isError]);

  // a receipt pasted anywhere while the form is open (a screenshot, a photo copied from the phone)
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const pasted = pastedFiles(event.clipboardData);
      if (pasted.length === 0) return;
      event.preventDefault();
      setFiles((current) => [...current, ...pasted]);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, []);

  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const currencies = useMemo(
    () => [...new Set([...FIRST_CURRENCIES, ...orgs.flatMap((o) => (o.currency ? [o.currency] : [])), values.currency])],
    [orgs, values.currency],
  );

  const save = async (submit: boolean) => {
    const amounts = expenseAmountsOf(values);
    const found: Record<string, string> = {};
    if (amounts.amount <= 0) found.amount = 'Must be more than 0';
    if (!values.where) found.where = 'Choose a mission or an organization';
    if (!values.date) found.date = 'Choose a day';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const fields = {
      ...amounts,
      currency: values.currency,
      date: values.date,
      category: values.category,
      description: values.description,
    };
    try {
      const saved = expense ?? draft;
      if (saved) await update.mutateAsync({ expense: saved, payload: fields, files, submit });
      else
        await create.mutateAsync({
          target: targetOf(values.where),
          payload: { ...fields, status: submit ? 'submitted' : 'draft' },
          files,
          onCreated: setDraft,
        });
      notifications.show({ message: submit ? 'The expense is submitted.' : 'The expense is saved as a draft.' });
      onDone();
    } catch (error) {
      const fieldsOf = (error as { fields?: Record<string, string> }).fields ?? {};
      setErrors(Object.fromEntries(Object.entries(fieldsOf).map(([key, text]) => [key.replace('payload.', ''), text])));
      notifications.show({ color: 'red', message: (error as Error).message, autoClose: 6_000 });
    }
  };

  return (
    <Stack gap="sm" data-testid="expense-form">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label="Amount"
          inputMode="decimal"
          value={values.amount}
          onChange={(e) => set({ amount: e.currentTarget.value })}
          error={errors.amount}
          data-autofocus
          required
        />
        <Select
          label="Currency"
          data={currencies}
          value={values.currency}
          onChange={(c) => c && set({ currency: c })}
          searchable
          allowDeselect={false}
        />
        <TextInput
          label="Date"
          type="date"
          value={values.date}
          onChange={(e) => set({ date: e.currentTarget.value })}
          error={errors.date}
          required
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {(
          [
            ['tip', 'Tip'],
            ['tax1', 'Tax 1'],
            ['tax2', 'Tax 2'],
          ] as const
        ).map(([field, label]) => (
          <TextInput
            key={field}
            label={label}
            inputMode="decimal"
            placeholder="0"
            value={values[field]}
            onChange={(e) => set({ [field]: e.currentTarget.value })}
            error={errors[field]}
          />
        ))}
      </SimpleGrid>
      <Select
        label="Mission"
        data={choices}
        value={values.where || null}
        onChange={(where) => where && set({ where })}
        disabled={!!(expense ?? draft)}
        error={errors.where}
        searchable
        allowDeselect={false}
        nothingFoundMessage="No mission found"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Category"
          placeholder="Travel, meals, equipment…"
          value={values.category}
          onChange={(e) => set({ category: e.currentTarget.value })}
          error={errors.category}
        />
        <TextInput
          label="Description"
          value={values.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
          error={errors.description}
        />
      </SimpleGrid>
      <Dropzone
        openRef={openRef}
        onDrop={(dropped) => setFiles((current) => [...current, ...dropped])}
        onReject={() => notifications.show({ color: 'red', message: 'A receipt must be an image or a PDF.' })}
        accept={RECEIPT_ACCEPT}
        multiple
        activateOnClick={false}
        p="sm"
        aria-label="Drop or paste a receipt"
      >
        <Group justify="center" gap="sm" mih={44} style={{ pointerEvents: 'none' }}>
          <IconPaperclip size={18} aria-hidden="true" />
          <Text size="sm" c="dimmed">
            Drop a receipt here, or paste it (photo or PDF)
          </Text>
        </Group>
      </Dropzone>
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={() => openRef.current?.()}>
          Choose a receipt
        </Button>
        {files.map((file, index) => (
          <Group key={`${file.name}-${index}`} gap={4} data-testid="pending-receipt">
            <Text size="sm">{file.name}</Text>
            <ActionIcon
              size="sm"
              variant="subtle"
              aria-label={`Remove ${file.name}`}
              onClick={() => setFiles((f) => f.filter((_, i) => i !== index))}
            >
              <IconX size={14} aria-hidden="true" />
            </ActionIcon>
          </Group>
        ))}
      </Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void save(false)} loading={busy}>
          Save draft
        </Button>
        <Button onClick={() => void save(true)} loading={busy}>
          Submit
        </Button>
      </Group>
    </Stack>
  );
}
