import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { fitText as fit, pdfSafe as clean } from '../shared/pdfText';
import type { PurchaseOrderDocument } from './purchaseOrder';

/**
 * The printable purchase order (A4, pdf-lib's standard Helvetica): header with the order number,
 * vessel and IMO, supplier, delivery notes, then the lines with unit cost and total where known.
 * Not exported from the domain's index, so the browser bundle never carries pdf-lib.
 */
export async function purchaseOrderPdf(document: PurchaseOrderDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Purchase order ${document.orderNumber}`);
  pdf.setCreator('MedChest');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = [595.28, 841.89];
  const margin = 48;
  let page = pdf.addPage([width, height]);
  let y = height - margin;

  const text = (value: string, x: number, size = 10, f: PDFFont = font, target: PDFPage = page) =>
    target.drawText(fit(clean(value), f, size, width - margin - x), { x, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });

  text(`Purchase order ${document.orderNumber}`, margin, 18, bold);
  y -= 28;
  const facts: [string, string][] = [
    ['Vessel', document.vesselName],
    ['IMO number', document.imoNumber],
    ['Supplier', document.supplierName ? `${document.supplierName} <${document.supplierEmail ?? ''}>` : 'Not assigned'],
    ['Stock needed until', document.expiryThreshold],
    ['Status', document.status],
  ];
  for (const [label, value] of facts) {
    text(`${label}:`, margin, 10, bold);
    text(value, margin + 110, 10);
    y -= 15;
  }
  if (document.notes) {
    y -= 4;
    text('Delivery notes:', margin, 10, bold);
    y -= 15;
    for (const line of wrap(clean(document.notes), font, 10, width - 2 * margin)) {
      text(line, margin, 10);
      y -= 14;
    }
  }
  y -= 12;

  const columns = [
    { label: 'Scale ID', x: margin },
    { label: 'Description', x: margin + 70 },
    { label: 'Qty', x: margin + 330 },
    { label: 'Unit cost', x: margin + 375 },
    { label: 'Total', x: margin + 440 },
  ];
  const header = () => {
    for (const column of columns) text(column.label, column.x, 10, bold);
    y -= 6;
    page.drawLine({ start: { x: margin, y }, end: { x: width - margin, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
    y -= 14;
  };
  header();
  const money = (value: number | null) => (value === null ? '—' : value.toFixed(2));
  for (const line of document.lines) {
    if (y < margin + 30) {
      page = pdf.addPage([width, height]);
      y = height - margin;
      header();
    }
    text(line.scaleId, columns[0].x, 9);
    page.drawText(fit(clean(line.description), font, 9, 255), { x: columns[1].x, y, size: 9, font });
    text(String(line.quantity), columns[2].x, 9);
    text(money(line.unitCost), columns[3].x, 9);
    text(money(line.total), columns[4].x, 9);
    y -= 14;
  }
  y -= 8;
  text(`Items: ${document.lines.length}`, margin, 10, bold);
  text(`Order total: ${money(document.total)}`, columns[3].x - 40, 10, bold);
  return pdf.save();
}

function wrap(value: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of value.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > maxWidth && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines.slice(0, 12);
}
