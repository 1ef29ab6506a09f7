import { purchaseOrderCsv, purchaseOrderFileName, type PurchaseOrderDocument } from '@medchest/domain';
import { purchaseOrderPdf } from '@medchest/domain/order/purchaseOrderPdf';
import type { MailAttachment } from '../queue';
import { escapeHtml, type RenderedMail } from './accountApproved';

export const ORDER_TO_SUPPLIER_TEMPLATE = 'order-to-supplier';

export const orderToSupplierSubject = (document: Pick<PurchaseOrderDocument, 'orderNumber' | 'vesselName'>) =>
  `Purchase order ${document.orderNumber} for ${document.vesselName}`;

/**
 * The mail a supplier gets when a vendor is assigned: the order in words, the link where they
 * acknowledge it, mark it in progress and shipped (no account needed), and the purchase order as
 * PDF and CSV attachments.
 */
export async function renderOrderToSupplier(document: PurchaseOrderDocument, link: string): Promise<RenderedMail & { attachments: MailAttachment[] }> {
  const subject = orderToSupplierSubject(document);
  const greeting = document.supplierName ? `Hello ${document.supplierName},` : 'Hello,';
  const intro = `Please supply the ${document.lines.length} ${document.lines.length === 1 ? 'item' : 'items'} of purchase order ${document.orderNumber} for the vessel ${document.vesselName} (IMO ${document.imoNumber}). The order is attached as PDF and CSV.`;
  const text = [
    greeting,
    '',
    intro,
    '',
    'Acknowledge the order, and tell us when it is in progress and shipped, here:',
    link,
    '',
    ...(document.notes ? [`Delivery notes: ${document.notes}`, ''] : []),
    'Reply to this mail to reach the fleet manager.',
    '',
    'The MedChest team',
  ].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">Open purchase order ${escapeHtml(document.orderNumber)}</a> to acknowledge it and update its status.</p>`,
    ...(document.notes ? [`<p>Delivery notes: ${escapeHtml(document.notes)}</p>`] : []),
    '<p>Reply to this mail to reach the fleet manager.</p>',
    '<p>The MedChest team</p>',
    '</body></html>',
  ].join('\n');
  const pdf = Buffer.from(await purchaseOrderPdf(document));
  return {
    subject,
    text,
    html,
    attachments: [
      { filename: purchaseOrderFileName(document, 'pdf'), contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
      { filename: purchaseOrderFileName(document, 'csv'), contentType: 'text/csv', contentBase64: Buffer.from(purchaseOrderCsv(document)).toString('base64') },
    ],
  };
}
