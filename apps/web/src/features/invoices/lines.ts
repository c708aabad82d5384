import type { InvoiceLineInput } from '@crewplan/domain/invoices/invoices';

/** A line as the editor holds it: what is sent back, and what it shows until the server answers. */
export type EditLine = InvoiceLineInput & {
  key: string;
  shown: { description: string; quantity: number; unit: string; unitPrice: number; amount: number };
};

/** The name a line's description field holds: a drawn line not renamed shows the name it is drawn with. */
export const nameOf = (line: EditLine): string => line.description ?? line.shown.description;

/**
 * A line renamed in the editor. A typed line takes the text as its description; a drawn line sends it as its name and
 * stays drawn (its quantity, price and amount still come from its sources) — emptied, it sends no name, and the
 * server names it as it draws it.
 */
export function renameLine(line: EditLine, text: string): EditLine {
  const shown = { ...line.shown, description: text };
  if (line.kind === 'manual') return { ...line, description: text, shown };
  const { description: _old, ...drawn } = line;
  return text.trim() ? { ...drawn, description: text, shown } : { ...drawn, shown };
}
