import type { PDFFont } from 'pdf-lib';

/**
 * Text for pdf-lib's standard fonts, shared by every PDF the product prints (purchase orders,
 * reports). Not exported from the domain's index, so the browser bundle never carries pdf-lib.
 */

/** The standard fonts know WinAnsi only: other characters become '?', never a failed export. */
export function pdfSafe(value: string): string {
  return value.replace(/[—–]/g, '-').replace(/[’‘]/g, "'").replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
}

/** The text cut (with "...") to fit maxWidth points at this size. */
export function fitText(value: string, font: PDFFont, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(value, size) <= maxWidth) return value;
  let cut = value;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}...`, size) > maxWidth) cut = cut.slice(0, -1);
  return `${cut}...`;
}
