import type { Dispatch, SetStateAction } from 'react';
import { ActionIcon, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatAmount } from './format.ts';
import { nameOf, renameLine, type EditLine } from './lines.ts';

/** Figures and their headings stay on one line ('1,191.00 EUR', 'Unit price'): the description column takes the rest. */
const FIGURE = { whiteSpace: 'nowrap' } as const;

/**
 * The lines of an invoice. On a draft each line is renamed in place: its description input takes the whole width the
 * figures leave, so a long drawn name ('Designer — Ria Member (weeks from 2026-11-09)') reads in full.
 */
export function InvoiceLinesTable({
  lines,
  currency,
  draft,
  setLines,
}: {
  lines: EditLine[];
  currency: string;
  draft: boolean;
  setLines: Dispatch<SetStateAction<EditLine[]>>;
}) {
  return (
    <Table aria-label="Invoice lines" data-testid="invoice-lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="100%">Description</Table.Th>
          <Table.Th ta="right" style={FIGURE}>
            Quantity
          </Table.Th>
          <Table.Th ta="right" style={FIGURE}>
            Unit price
          </Table.Th>
          <Table.Th ta="right" style={FIGURE}>
            Amount
          </Table.Th>
          {draft && <Table.Th />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line, index) => (
          <Table.Tr key={line.key}>
            <Table.Td>
              {draft ? (
                <TextInput
                  aria-label={`Description of line ${index + 1}`}
                  size="xs"
                  w="100%"
                  value={nameOf(line)}
                  placeholder={line.kind === 'manual' ? undefined : 'Named as drawn from the project'}
                  onChange={(e) => {
                    const text = e.currentTarget.value;
                    setLines((all) => all.map((l) => (l.key === line.key ? renameLine(l, text) : l)));
                  }}
                />
              ) : (
                <Text size="sm">{line.shown.description}</Text>
              )}
            </Table.Td>
            <Table.Td ta="right" style={FIGURE}>
              {line.shown.quantity} {line.shown.unit}
            </Table.Td>
            <Table.Td ta="right" style={FIGURE}>
              {formatAmount(line.shown.unitPrice, currency)}
            </Table.Td>
            <Table.Td ta="right" style={FIGURE}>
              {formatAmount(line.shown.amount, currency)}
            </Table.Td>
            {draft && (
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${nameOf(line) || 'the line'}`}
                  onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                >
                  <IconTrash size={16} aria-hidden="true" />
                </ActionIcon>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
