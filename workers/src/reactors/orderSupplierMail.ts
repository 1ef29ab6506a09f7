import { evolveOrder, initialOrderState, parseEvent, purchaseOrderOf, type OrderEvent, type OrderState } from '@medchest/domain';
import { signSupplierLink, supplierLinkPath } from '@medchest/domain/order/supplierLink.node';
import { getUser } from '@medchest/projections';
import { MAIL_QUEUE, type MailJobData } from '../mail/queue';
import { ORDER_TO_SUPPLIER_TEMPLATE, renderOrderToSupplier } from '../mail/templates/orderToSupplier';
import { defineReactor } from '../reactor/reactor';
import type { ReactorConfig } from './config';

/**
 * OrderVendorAssigned → one mail to the supplier (job id = the event id, so a replay or a retry
 * never sends a second): the purchase order as PDF and CSV, the signed link, and a reply-to of the
 * fleet manager who assigned the vendor. The order is read from its own stream up to this event,
 * so the mail shows the order as it was sent, whatever happened to it since; an order already
 * delivered or cancelled when this runs is not mailed at all.
 */
export const orderSupplierMail = (config: Required<Pick<ReactorConfig, 'store' | 'supplierLinkSecret'>> & ReactorConfig) =>
  defineReactor<MailJobData>({
    name: 'order-supplier-mail',
    queue: MAIL_QUEUE,
    streamPrefixes: ['order-'],
    batchSize: 20,
    on: {
      OrderVendorAssigned: async (event) => {
        const recorded = await config.store.readStream(event.streamId);
        const events = recorded.map((stored) => parseEvent(stored.type, stored.version, stored.data) as OrderEvent);
        const fold = (list: OrderEvent[]) => list.reduce<OrderState>(evolveOrder, initialOrderState());
        const sent = recorded.findIndex((stored) => stored.id === event.id);
        const order = fold(sent < 0 ? events : events.slice(0, sent + 1));
        const latest = fold(events);
        if (order.status === 'absent') return null;
        // Closed by the time this is handled (an order entered after the fact, like the demo's past,
        // or workers that were down while it went through): the goods are on board or will never
        // be, and a purchase order now would only mislead the supplier.
        if (latest.status === 'delivered' || latest.status === 'cancelled') return null;
        const document = { ...purchaseOrderOf(order), status: 'sent_to_supplier' };
        const token = signSupplierLink(config.supplierLinkSecret, event.data.orderId, event.data.assignedAt);
        const link = new URL(supplierLinkPath(token), config.appUrl).toString();
        const manager = event.data.assignedBy && config.readModels ? await getUser(config.readModels, event.data.assignedBy) : undefined;
        const mail = await renderOrderToSupplier(document, link);
        return {
          name: ORDER_TO_SUPPLIER_TEMPLATE,
          data: {
            to: event.data.supplierEmail,
            ...mail,
            ...(manager?.email ? { replyTo: manager.email } : {}),
            template: ORDER_TO_SUPPLIER_TEMPLATE,
            causationEventId: event.id,
            correlationId: event.metadata.correlationId,
          },
        };
      },
    },
  });
