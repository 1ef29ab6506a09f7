import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { fitText, pdfSafe } from '../shared/pdfText';
import type { PscPackDocument } from './pack';

/**
 * The port state control pack printed (A4 portrait, pdf-lib's standard Helvetica): the vessel,
 * the certificate in force, the chest item by item with its batches, the open orders, the usage
 * of the 90 days before, and the stream heads the pack was built from. Dated by the pack's day,
 * never by the clock, so the same history prints to the same bytes. Not exported from the domain's
 * index (pdf-lib stays out of the browser bundle).
 */
export async function pscPackPdf(doc: PscPackDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const dated = new Date(`${doc.date}T00:00:00Z`);
  pdf.setTitle(doc.title);
  pdf.setSubject(`History digest ${doc.history.digest}`);
  pdf.setCreator('MedChest');
  pdf.setProducer('MedChest');
  pdf.setCreationDate(dated);
  pdf.setModificationDate(dated);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  const [width, height] = [595.28, 841.89];
  const margin = 40;
  const ink = rgb(0.1, 0.1, 0.1);
  const grey = rgb(0.45, 0.45, 0.45);
  let page: PDFPage = pdf.addPage([width, height]);
  let y = height - margin;

  const write = (value: string, x: number, size = 9, f: PDFFont = font, maxWidth = width - margin - x, color = ink) =>
    page.drawText(fitText(pdfSafe(value), f, size, maxWidth), { x, y, size, font: f, color });
  /** Room for `needed` points on this page, or a new page (with `again` drawn at its top). */
  const room = (needed: number, again?: () => void) => {
    if (y - needed >= margin) return;
    page = pdf.addPage([width, height]);
    y = height - margin;
    again?.();
  };
  const rule = () => {
    page.drawLine({ start: { x: margin, y }, end: { x: width - margin, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  };
  const heading = (value: string) => {
    room(40);
    y -= 10;
    write(value, margin, 13, bold);
    y -= 6;
    rule();
    y -= 14;
  };
  const facts = (pairs: [string, string][]) => {
    for (const [label, value] of pairs) {
      room(14);
      write(`${label}:`, margin, 10, bold, 130);
      write(value, margin + 140, 10);
      y -= 14;
    }
  };

  write('Port state control pack', margin, 18, bold);
  y -= 22;
  write(`Medical chest of ${doc.vessel.name} as it stood at the end of ${doc.date} (UTC)`, margin, 11);
  y -= 16;

  heading('Vessel');
  facts([
    ['Name', doc.vessel.name],
    ['IMO number', doc.vessel.imoNumber],
    ['Flag state', doc.vessel.flagState],
    ['Fleet', doc.vessel.fleet ?? '-'],
    ['Chest status', doc.chest.status],
    ['Critical items', String(doc.chest.criticalItems)],
    ['Low stock items', String(doc.chest.lowStockItems)],
  ]);

  heading('Medical chest certificate in force');
  facts([
    ['Status', doc.certificate.status],
    ['Issuer', doc.certificate.issuer ?? '-'],
    ['Expiry date', doc.certificate.expiryDate ?? '-'],
  ]);

  heading('Chest, item by item');
  const columns = { id: margin, description: margin + 62, required: margin + 262, onBoard: margin + 372, status: margin + 432 };
  const itemHeader = () => {
    write('Scale ID', columns.id, 9, bold);
    write('Description', columns.description, 9, bold);
    write('Required', columns.required, 9, bold);
    write('On board', columns.onBoard, 9, bold);
    write('Status', columns.status, 9, bold);
    y -= 5;
    rule();
    y -= 12;
  };
  itemHeader();
  for (const item of doc.chest.items) {
    room(12 + item.batches.length * 11, itemHeader);
    write(item.scaleId, columns.id, 9, font, 58);
    write(item.description, columns.description, 9, font, 195);
    write(item.required, columns.required, 9, font, 105);
    write(String(item.onBoard), columns.onBoard, 9, font, 55);
    write(item.status, columns.status, 9, font, width - margin - columns.status);
    y -= 11;
    for (const batch of item.batches) {
      const expiry = batch.expiryDate ? `expires ${batch.expiryDate}` : 'no expiry date';
      write(`Batch ${batch.batchNumber}: ${batch.quantity} on board, ${expiry}${batch.counts ? '' : ' (expired, not counted)'}`, columns.description + 10, 8, font, undefined, grey);
      y -= 11;
    }
  }
  if (doc.chest.items.length === 0) {
    write('The scale in force lists no items.', margin, 10);
    y -= 14;
  }
  if (doc.chest.unmatchedBatches > 0) {
    room(14);
    write(`${doc.chest.unmatchedBatches} batch(es) on board name an item the scale in force does not list.`, margin, 9);
    y -= 14;
  }

  heading('Orders open on that day');
  if (doc.openOrders.length === 0) {
    write('No orders were open.', margin, 10);
    y -= 14;
  }
  for (const order of doc.openOrders) {
    room(14);
    write(order.orderNumber, margin, 10, bold, 110);
    write(order.status, margin + 120, 10, font, 90);
    write(`${order.items} item(s), ${order.outstandingUnits} unit(s) outstanding`, margin + 215, 10, font, 180);
    write(order.supplier ?? 'No supplier yet', margin + 400, 10, font);
    y -= 14;
  }

  heading(`Usage from ${doc.usage.from} to ${doc.usage.to}`);
  if (doc.usage.lines.length === 0) {
    write('No usage was recorded in these 90 days.', margin, 10);
    y -= 14;
  }
  for (const use of doc.usage.lines) {
    room(14);
    write(use.usageDate, margin, 10, font, 80);
    write(use.scaleId, margin + 90, 10, font, 80);
    write(`${use.quantityUsed} used`, margin + 180, 10);
    y -= 14;
  }

  heading('History this pack was built from');
  const explain = [
    'Each stream of the vessel at the end of the day: its last event (revision) and chain hash.',
    'The digest is sha256 over the lines "stream revision hash", one per stream in this order;',
    'the signature is its HMAC-SHA256 under the history key. The same history gives the same pack.',
  ];
  for (const line of explain) {
    room(12);
    write(line, margin, 8, font, undefined, grey);
    y -= 11;
  }
  y -= 4;
  for (const head of doc.history.heads) {
    room(24);
    write(`${head.streamId}  revision ${head.revision}`, margin, 8, mono);
    y -= 10;
    write(head.hash, margin + 12, 8, mono);
    y -= 13;
  }
  room(40);
  facts([['Log position', doc.history.logPosition]]);
  write('Digest:', margin, 10, bold);
  write(doc.history.digest, margin + 70, 8, mono);
  y -= 14;
  write('Signature:', margin, 10, bold);
  write(doc.history.signature, margin + 70, 8, mono);

  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    p.drawText(pdfSafe(`${doc.vessel.name} - PSC pack ${doc.date} - page ${i + 1} of ${pages.length}`), { x: margin, y: 20, size: 8, font, color: grey });
  });
  return pdf.save();
}
