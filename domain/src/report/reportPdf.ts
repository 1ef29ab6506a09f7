import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { CsvValue } from '../shared/csvExport';
import { fitText, pdfSafe } from '../shared/pdfText';
import type { GeneratedReportData } from './build';
import { reportSummaryLines } from './csv';

/**
 * A generated report for printing: A4 landscape, the same head, summary and table as its CSV,
 * the table's header repeated on every page. Dated by its period's end, not by the clock, so the
 * same report prints to the same bytes. Not exported from the domain's index (pdf-lib stays out
 * of the browser bundle).
 */
export async function reportPdf(report: GeneratedReportData, name: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const dated = new Date(`${report.period.to}T00:00:00Z`);
  pdf.setTitle(name);
  pdf.setCreator('MedChest');
  pdf.setProducer('MedChest');
  pdf.setCreationDate(dated);
  pdf.setModificationDate(dated);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = [841.89, 595.28];
  const margin = 40;
  let page: PDFPage = pdf.addPage([width, height]);
  let y = height - margin;
  const ink = rgb(0.1, 0.1, 0.1);
  const write = (value: string, x: number, size: number, f: PDFFont, maxWidth: number) =>
    page.drawText(fitText(pdfSafe(value), f, size, maxWidth), { x, y, size, font: f, color: ink });

  write(name, margin, 18, bold, width - 2 * margin);
  y -= 24;
  write(`Period ${report.period.from} to ${report.period.to} · ${report.vessels.length} vessel(s) · log position ${report.logPosition}`, margin, 10, font, width - 2 * margin);
  y -= 22;
  for (const line of reportSummaryLines(report)) {
    write(`${line.label}:`, margin, 10, bold, 160);
    write(String(line.value), margin + 170, 10, font, 120);
    y -= 14;
  }
  y -= 10;

  const { columns, rows } = report.table;
  // Columns share the width in proportion to their longest cell (header included), within limits.
  const longest = columns.map((column, i) => Math.min(40, Math.max(column.length, ...rows.slice(0, 500).map((row) => cellText(row[i]).length))));
  const total = longest.reduce((sum, n) => sum + n, 0) || 1;
  const xs: number[] = [];
  let x = margin;
  for (const n of longest) {
    xs.push(x);
    x += ((width - 2 * margin) * n) / total;
  }
  const widthOf = (i: number) => (i + 1 < xs.length ? xs[i + 1] : width - margin) - xs[i] - 6;
  const header = () => {
    columns.forEach((column, i) => write(column, xs[i], 9, bold, widthOf(i)));
    y -= 5;
    page.drawLine({ start: { x: margin, y }, end: { x: width - margin, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
    y -= 12;
  };
  header();
  if (rows.length === 0) write('Nothing to report for this period.', margin, 10, font, width - 2 * margin);
  for (const row of rows) {
    if (y < margin) {
      page = pdf.addPage([width, height]);
      y = height - margin;
      header();
    }
    row.forEach((cell, i) => write(cellText(cell), xs[i], 8.5, font, widthOf(i)));
    y -= 12;
  }
  return pdf.save();
}

function cellText(value: CsvValue): string {
  return value === null || value === undefined ? '' : String(value);
}
