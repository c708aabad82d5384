import { useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Loader,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { quantityAmount, reverseChargeWaitsOnOrgCountry } from '@crewplan/domain/invoices/invoice-rules';
import { currencyStepMinor } from '@crewplan/domain/money/currencies';
import { toNumber } from '@crewplan/domain/shared/numbers';
import type { Invoice, InvoiceLineInput } from '@crewplan/domain/invoices/invoices';
import { PdfPages } from '../files/index.ts';
import { FormError } from '../../components/FormError.tsx';
import { setParams } from '../../lib/url-state.ts';
import { billableQuery, invoicePdfQuery, invoiceQuery, useInvoiceCalls } from './api.ts';
import { BADGE_TEXT, formatAmount, STATUS_COLORS, STATUS_LABELS } from './format.ts';
import { InvoiceLinesTable } from './InvoiceLinesTable.tsx';
import type { EditLine } from './lines.ts';

export const REVERSE_CHARGE_HINT =
  "This business client is billed its country's VAT: set your organisation's country (Settings, public holidays of country) to reverse-charge clients in other EU countries.";

let keys = 0;
const lineOf = (line: Invoice['lines'][number]): EditLine => ({
  key: `k${(keys += 1)}`,
  ...(line.kind === 'manual'
    ? { kind: 'manual', description: line.description, quantity: line.quantity, unit: line.unit, unitPrice: line.unitPrice }
    : { kind: line.kind, sourceIds: line.sourceIds, description: line.description }),
  shown: line,
});
const inputOf = ({ key: _key, shown: _shown, ...line }: EditLine): InvoiceLineInput => line;
/** What a typed line comes to, rounded once to the currency's smallest amount (as the server does). */
const typedAmount = (quantity: number, unitPrice: number, currency: string) =>
  quantityAmount(quantity, Math.round(unitPrice * 100), currencyStepMinor(currency)) / 100;

/** One invoice: its lines (drawn from the project and typed), status, sending, payment link, and its PDF beside. */
export function InvoiceEditor({
  orgId,
  invoiceId,
  orgTitle,
  orgCountry,
}: {
  orgId: string;
  invoiceId: string;
  orgTitle: string;
  /** The organisation's country (of its public holidays): the reverse charge depends on it. */
  orgCountry: string | null;
}) {
  const invoice = useQuery(invoiceQuery(invoiceId));
  // the calls outlive the editor below, which starts afresh from each saved version
  const calls = useInvoiceCalls(orgId);
  // the link outlives the editor too: issuing it sends a draft, which starts the editor afresh
  const [payment, setPayment] = useState<Payment | null>(null);
  if (invoice.isPending) return <Loader aria-label="Loading the invoice" />;
  if (invoice.isError) return <FormError>{invoice.error.message}</FormError>;
  return (
    <Editor
      key={invoice.data.updatedAt}
      orgId={orgId}
      invoice={invoice.data}
      orgTitle={orgTitle}
      orgCountry={orgCountry}
      calls={calls}
      payment={payment?.invoiceId === invoiceId ? payment : null}
      setPayment={(shown) => setPayment({ ...shown, invoiceId })}
    />
  );
}

type Calls = ReturnType<typeof useInvoiceCalls>;
/** The answer of the last payment link asked for, and the invoice it is for. */
type Payment = { invoiceId: string } & ({ url: string } | { error: string });

function Editor({
  orgId,
  invoice,
  orgTitle,
  orgCountry,
  calls,
  payment,
  setPayment,
}: {
  orgId: string;
  invoice: Invoice;
  orgTitle: string;
  orgCountry: string | null;
  calls: Calls;
  payment: Payment | null;
  setPayment: (shown: { url: string } | { error: string }) => void;
}) {
  const [lines, setLines] = useState<EditLine[]>(() => invoice.lines.map(lineOf));
  const [notes, setNotes] = useState(invoice.notes);
  const [dueDate, setDueDate] = useState(invoice.dueDate ?? '');
  const draft = invoice.status === 'draft' && invoice.abilities.update;
  const dirty =
    notes !== invoice.notes ||
    dueDate !== (invoice.dueDate ?? '') ||
    JSON.stringify(lines.map(inputOf)) !== JSON.stringify(invoice.lines.map(lineOf).map(inputOf));
  const subtotal = lines.reduce((sum, line) => sum + line.shown.amount, 0);
  const error = calls.update.error ?? calls.send.error ?? calls.uploadPdf.error ?? calls.remove.error;

  const save = () =>
    calls.update.mutate(
      { id: invoice._id, payload: { lines: lines.map(inputOf), notes, dueDate: dueDate || null, updatedAt: invoice.updatedAt } },
      { onSuccess: () => notifications.show({ message: `Invoice ${invoice.numberText} is saved.` }) },
    );
  const move = (status: Invoice['status']) => calls.update.mutate({ id: invoice._id, payload: { status } });

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h3">
              Invoice {invoice.numberText}{' '}
              <Badge color={STATUS_COLORS[invoice.status]} variant="light" c={BADGE_TEXT} data-testid="invoice-status">
                {STATUS_LABELS[invoice.status]}
              </Badge>
            </Title>
            <Text size="sm" c="dimmed">
              {invoice.client.name}
              {invoice.order ? ` · order ${invoice.order.code}` : ''}
              {invoice.mission ? ` · ${invoice.mission.title}` : ''} · issued {invoice.issueDate} · {invoice.currency}
            </Text>
          </div>
          <Switch
            label="QuickBooks"
            checked={invoice.qbo}
            disabled={!invoice.abilities.update}
            onChange={(event) => calls.update.mutate({ id: invoice._id, payload: {}, qbo: event.currentTarget.checked })}
          />
        </Group>

        <InvoiceLinesTable lines={lines} currency={invoice.currency} draft={draft} setLines={setLines} />
        {lines.length === 0 && <Text c="dimmed">No lines yet.</Text>}
        <Stack gap={2} align="flex-end" data-testid="invoice-totals">
          {dirty ? (
            <Text size="sm">Subtotal {formatAmount(subtotal, invoice.currency)} (save to compute the tax)</Text>
          ) : (
            <>
              <Text size="sm">Subtotal {formatAmount(invoice.subtotal, invoice.currency)}</Text>
              <Text size="sm">
                {invoice.reverseCharge ? 'VAT (reverse charge)' : `VAT ${invoice.taxRate}%`} {formatAmount(invoice.tax, invoice.currency)}
              </Text>
              <Text fw={700}>Total {formatAmount(invoice.total, invoice.currency)}</Text>
            </>
          )}
          {draft && reverseChargeWaitsOnOrgCountry(invoice.client, orgCountry) && (
            <Text size="xs" c="dimmed" maw={420} ta="right" data-testid="reverse-charge-hint">
              {REVERSE_CHARGE_HINT}
            </Text>
          )}
        </Stack>

        {draft && invoice.mission && <DrawFromMission orgId={orgId} missionId={invoice.mission._id} lines={lines} setLines={setLines} />}
        {draft && <TypedLine currency={invoice.currency} onAdd={(line) => setLines((all) => [...all, line])} />}
        {draft && (
          <>
            <Group grow>
              <TextInput label="Due date" type="date" value={dueDate} onChange={(e) => setDueDate(e.currentTarget.value)} />
            </Group>
            <Textarea label="Notes" autosize minRows={2} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
          </>
        )}
        {error && <FormError>{error.message}</FormError>}
        {payment && 'error' in payment && (
          <Alert color="yellow" title="Payment link" data-testid="payment-link-message">
            {payment.error}
          </Alert>
        )}
        {payment && 'url' in payment && (invoice.status === 'draft' || invoice.status === 'sent') && (
          <Alert color="blue" title="Payment link" data-testid="payment-link">
            <Text size="sm">The client pays the total at this link:</Text>
            <Anchor href={payment.url} target="_blank" rel="noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
              {payment.url}
            </Anchor>
          </Alert>
        )}
        <Group>
          {draft && (
            <Button onClick={save} disabled={!dirty} loading={calls.update.isPending}>
              Save draft
            </Button>
          )}
          {invoice.abilities.send && (
            <Button
              variant={draft ? 'default' : 'filled'}
              disabled={dirty}
              loading={calls.send.isPending}
              onClick={() =>
                calls.send.mutate(
                  { id: invoice._id },
                  { onSuccess: (result) => notifications.show({ message: `Invoice ${invoice.numberText} was sent to ${result.to}.` }) },
                )
              }
            >
              Send by email
            </Button>
          )}
          {invoice.abilities.update && (invoice.status === 'draft' || invoice.status === 'sent') && (
            <Button
              variant="default"
              disabled={dirty}
              loading={calls.paymentLink.isPending}
              onClick={() =>
                calls.paymentLink.mutate(invoice._id, {
                  onSuccess: (link) => setPayment({ url: link.url }),
                  onError: (failure) => setPayment({ error: failure.message }),
                })
              }
            >
              Payment link
            </Button>
          )}
          {invoice.status === 'sent' && invoice.abilities.update && (
            <Button variant="default" onClick={() => move('paid')}>
              Mark paid
            </Button>
          )}
          {invoice.abilities.update && (invoice.status === 'draft' || invoice.status === 'sent') && (
            <Button variant="subtle" color="red" onClick={() => move('void')}>
              Void
            </Button>
          )}
          {invoice.abilities.delete && (
            <Button
              variant="subtle"
              color="red"
              onClick={() => calls.remove.mutate(invoice._id, { onSuccess: () => setParams({ invoice: '' }) })}
            >
              Delete draft
            </Button>
          )}
          {invoice.abilities.update && (
            <FileButton accept="application/pdf" onChange={(file) => file && calls.uploadPdf.mutate({ id: invoice._id, file })}>
              {(props) => (
                <Button {...props} variant="subtle">
                  Upload a PDF instead
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {invoice.sentTo && (
          <Text size="sm" c="dimmed">
            Sent to {invoice.sentTo}
            {invoice.sentAt ? ` on ${invoice.sentAt.slice(0, 10)}` : ''}.
          </Text>
        )}
      </Stack>
      <PdfPreview invoice={invoice} orgTitle={orgTitle} />
    </SimpleGrid>
  );
}

/** The server's PDF of the invoice as saved (drawn again after each save). */
function PdfPreview({ invoice, orgTitle }: { invoice: Invoice; orgTitle: string }) {
  const pdf = useQuery(invoicePdfQuery(invoice._id, invoice.updatedAt));
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pdf.data) return;
    const made = URL.createObjectURL(pdf.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [pdf.data]);
  const name = `Invoice ${invoice.numberText} ${invoice.client.name}.pdf`;
  return (
    <Paper withBorder p="xs" aria-label="PDF preview" data-testid="invoice-preview">
      <Group justify="space-between" mb="xs">
        <Text size="sm" fw={500}>
          PDF preview{invoice.pdfUploaded ? ' (uploaded)' : ''} · {orgTitle}
        </Text>
        {url && (
          <Button component="a" href={url} download={name} size="compact-sm" variant="subtle">
            Download PDF
          </Button>
        )}
      </Group>
      <ScrollArea h={720} viewportProps={{ tabIndex: 0, 'aria-label': 'PDF pages' }}>
        {pdf.isPending && <Loader aria-label="Drawing the PDF" />}
        {pdf.isError && <FormError>{pdf.error.message}</FormError>}
        {pdf.data && <PdfPages blob={pdf.data} name={name} />}
      </ScrollArea>
    </Paper>
  );
}

function DrawFromMission({
  orgId,
  missionId,
  lines,
  setLines,
}: {
  orgId: string;
  missionId: string;
  lines: EditLine[];
  setLines: (update: (lines: EditLine[]) => EditLine[]) => void;
}) {
  const billable = useQuery(billableQuery(orgId, missionId));
  const [picked, setPicked] = useState<string[]>([]);
  const taken = new Set(lines.flatMap((line) => (line.kind === 'manual' ? [] : line.sourceIds)));
  const offered = (billable.data?.lines ?? []).filter((line) => !line.sourceIds.some((id) => taken.has(id)));
  const keyOf = (line: { sourceIds: string[] }) => line.sourceIds.join(',');
  return (
    <Paper withBorder p="sm" data-testid="billable-lines">
      <Text fw={500} mb="xs">
        Draw from {billable.data?.mission.title ?? 'the project'}
      </Text>
      {billable.isPending && <Loader size="sm" aria-label="Loading what the project can bill" />}
      {billable.isError && <FormError>{billable.error.message}</FormError>}
      {billable.data && offered.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing left to bill: no approved time or reached milestones that are not invoiced yet.
        </Text>
      )}
      <Stack gap={4}>
        {offered.map((line) => (
          <Checkbox
            key={keyOf(line)}
            label={`${line.description} — ${line.quantity} ${line.unit} · ${formatAmount(line.amount, line.currency)}`}
            checked={picked.includes(keyOf(line))}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setPicked((all) => (on ? [...all, keyOf(line)] : all.filter((key) => key !== keyOf(line))));
            }}
          />
        ))}
      </Stack>
      {offered.length > 0 && (
        <Button
          mt="xs"
          size="xs"
          disabled={!offered.some((line) => picked.includes(keyOf(line)))}
          onClick={() => {
            const chosen = offered.filter((line) => picked.includes(keyOf(line)));
            setLines((all) => [
              ...all,
              ...chosen.map((line) => ({
                key: `k${(keys += 1)}`,
                kind: line.kind,
                sourceIds: line.sourceIds,
                shown: line,
              })),
            ]);
            setPicked([]);
          }}
        >
          Add selected lines
        </Button>
      )}
    </Paper>
  );
}

function TypedLine({ currency, onAdd }: { currency: string; onAdd: (line: EditLine) => void }) {
  const [description, setDescription] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [unitPrice, setUnitPrice] = useState('0');
  // commas are thousands separators: 1,250.75 is 1250.75
  const q = toNumber(quantity);
  const p = toNumber(unitPrice);
  return (
    <Paper withBorder p="sm">
      <Text fw={500} mb="xs">
        Type a line
      </Text>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Line description"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          // the rest of the row, never narrower than a long name needs: below that it takes a row of its own
          style={{ flex: '1 1 16rem' }}
        />
        <TextInput label="Quantity" inputMode="decimal" value={quantity} onChange={(e) => setQuantity(e.currentTarget.value)} w={100} />
        <TextInput label="Unit price" inputMode="decimal" value={unitPrice} onChange={(e) => setUnitPrice(e.currentTarget.value)} w={120} />
        <Button
          variant="default"
          disabled={!description.trim() || q < 0 || p < 0}
          onClick={() => {
            onAdd({
              key: `k${(keys += 1)}`,
              kind: 'manual',
              description: description.trim(),
              quantity: q,
              unit: '',
              unitPrice: p,
              shown: { description: description.trim(), quantity: q, unit: '', unitPrice: p, amount: typedAmount(q, p, currency) },
            });
            setDescription('');
            setQuantity('1');
            setUnitPrice('0');
          }}
        >
          Add line
        </Button>
      </Group>
    </Paper>
  );
}
