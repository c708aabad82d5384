import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { countryOfCode, currencyDecimals, type Invoice } from '@crewplan/domain';

/**
 * The invoice as a PDF (A4), drawn with pdfkit. Its built-in fonts know no Greek or Cyrillic, so the text is set in
 * DejaVu Sans, shipped with the server (assets/fonts, with its licence): names and addresses in any of those scripts
 * print as written.
 */
const FONT = fileURLToPath(new URL('../../../assets/fonts/DejaVuSans.ttf', import.meta.url));
const FONT_BOLD = fileURLToPath(new URL('../../../assets/fonts/DejaVuSans-Bold.ttf', import.meta.url));

/**
 * Amounts as the invoice shows them: two decimals, thousands grouped, the currency code after. A currency without
 * minor units (YEN) shows whole amounts without decimals; a unit price with a fraction keeps it.
 */
export const formatAmount = (amount: number, currency: string) =>
  `${amount.toLocaleString('en-US', { minimumFractionDigits: currencyDecimals(currency), maximumFractionDigits: 2 })} ${currency}`;

const formatQuantity = (quantity: number) => quantity.toLocaleString('en-US', { maximumFractionDigits: 4 });

const STATUS_MARK: Partial<Record<Invoice['status'], string>> = { draft: 'DRAFT', void: 'VOID', paid: 'PAID' };

export function renderInvoicePdf(invoice: Invoice, issuer: { title: string }): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${invoice.numberText}`, Author: issuer.title } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const left = 50;
  const width = doc.page.width - 100;

  doc
    .font('bold')
    .fontSize(20)
    .text(issuer.title, left, 50, { width: width / 2 });
  doc
    .font('bold')
    .fontSize(20)
    .text(`Invoice ${invoice.numberText}`, left + width / 2, 50, { width: width / 2, align: 'right' });
  const mark = STATUS_MARK[invoice.status];
  if (mark)
    doc
      .font('bold')
      .fontSize(11)
      .fillColor('#c92a2a')
      .text(mark, left + width / 2, 78, { width: width / 2, align: 'right' });
  doc.fillColor('black');

  doc.font('body').fontSize(10);
  const meta = [
    ['Issue date', invoice.issueDate],
    ...(invoice.dueDate ? [['Due date', invoice.dueDate]] : []),
    ...(invoice.order ? [['Order', invoice.order.code]] : []),
    ...(invoice.mission ? [['Project', invoice.mission.title]] : []),
    ['Currency', invoice.currency],
  ];
  let y = 110;
  for (const [label, value] of meta) {
    doc.font('bold').text(`${label}:`, left + width / 2, y, { width: 90 });
    doc.font('body').text(value!, left + width / 2 + 90, y, { width: width / 2 - 90, align: 'right' });
    y += 15;
  }

  doc.font('bold').fontSize(11).text('Bill to', left, 110);
  doc.font('body').fontSize(10);
  const billTo = [
    invoice.client.name,
    invoice.client.address,
    invoice.client.email,
    invoice.client.vatNumber ? `VAT: ${invoice.client.vatNumber}` : null,
    invoice.client.country ? (countryOfCode(invoice.client.country)?.name ?? invoice.client.country) : null,
  ].filter(Boolean);
  doc.text(billTo.join('\n'), left, 127, { width: width / 2 - 10 });

  y = Math.max(y, doc.y) + 25;
  const columns = [
    { label: 'Description', x: left, w: width * 0.46, align: 'left' as const },
    { label: 'Quantity', x: left + width * 0.46, w: width * 0.16, align: 'right' as const },
    { label: 'Unit price', x: left + width * 0.62, w: width * 0.18, align: 'right' as const },
    { label: 'Amount', x: left + width * 0.8, w: width * 0.2, align: 'right' as const },
  ];
  const rule = (at: number) =>
    doc
      .moveTo(left, at)
      .lineTo(left + width, at)
      .lineWidth(0.5)
      .strokeColor('#868e96')
      .stroke();
  doc.font('bold');
  for (const c of columns) doc.text(c.label, c.x, y, { width: c.w, align: c.align });
  y += 16;
  rule(y);
  y += 6;
  doc.font('body');
  for (const line of invoice.lines) {
    const cells = [
      line.description,
      `${formatQuantity(line.quantity)}${line.unit ? ` ${line.unit}` : ''}`,
      formatAmount(line.unitPrice, invoice.currency),
      formatAmount(line.amount, invoice.currency),
    ];
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.w })));
    if (y + height > doc.page.height - 120) {
      doc.addPage();
      y = 50;
    }
    cells.forEach((cell, i) => doc.text(cell, columns[i]!.x, y, { width: columns[i]!.w, align: columns[i]!.align }));
    y += height + 6;
  }
  rule(y);
  y += 10;

  const totals: [string, string][] = [
    ['Subtotal', formatAmount(invoice.subtotal, invoice.currency)],
    [invoice.reverseCharge ? 'VAT (reverse charge)' : `VAT ${invoice.taxRate}%`, formatAmount(invoice.tax, invoice.currency)],
    ['Total', formatAmount(invoice.total, invoice.currency)],
  ];
  for (const [label, value] of totals) {
    doc.font(label === 'Total' ? 'bold' : 'body');
    doc.text(label, left + width * 0.5, y, { width: width * 0.3, align: 'right' });
    doc.text(value, left + width * 0.8, y, { width: width * 0.2, align: 'right' });
    y += 16;
  }
  doc.font('body').fontSize(9);
  if (invoice.taxNote) doc.text(invoice.taxNote, left, y + 10, { width });
  if (invoice.notes) doc.text(invoice.notes, left, doc.y + 10, { width });
  doc.end();
  return done;
}
