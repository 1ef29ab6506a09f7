import type { UpcomingOrder } from '@medchest/domain/contracts/orders';
import { displayOrderNumber } from '@medchest/domain/order/lifecycle';
import { RECEIVE_TEXTS } from '@medchest/domain/order/receive';
import { ReceiveItemsForm, useReceiveForm } from '../../components/orders/ReceiveItemsForm';
import { captainApi } from './captainApi';
import { CaptainSheet } from './CaptainSheet';

const FORM_ID = 'captain-receive-form';

/**
 * The captain receives a delivery into the chest (issue 12, the receive dialog of #7): the shared
 * receive form (the fleet's Receive dialog uses it too) in the portal's sheet, sent to the
 * captain's own route. Loaded on demand, with the form library and the schemas, so the portal's
 * first paint does not carry them.
 */
export function ReceiveOrderDialog({
  order,
  onClose,
  onReceived,
}: {
  order: UpcomingOrder;
  onClose: () => void;
  /** The receipt was recorded: what to tell the captain (the order, how many batches went into the chest). */
  onReceived: (message: string) => void;
}) {
  const receive = useReceiveForm(order, async (receipt) => {
    const answer = await captainApi.receiveOrder(order.id, receipt);
    onReceived(RECEIVE_TEXTS.received(answer.orderNumber, receipt.receivedItems.filter((line) => line.quantityReceived > 0).length));
  });
  const pending = receive.submitting;
  return (
    <CaptainSheet
      wide
      busy={pending}
      onClose={onClose}
      testId="captain-receive-dialog"
      title={
        <>
          Receive Order <span className="captain-nowrap">{displayOrderNumber(order)}</span>
        </>
      }
      description="What arrived on board goes into your medical chest. Items not received stay open on the order."
      footer={
        <>
          <button type="button" className="btn btn--outline btn--md captain-touch" onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button type="submit" form={FORM_ID} className="btn btn--primary btn--md captain-touch" disabled={pending || !receive.anything}>
            {pending ? 'Receiving...' : 'Receive into Chest'}
          </button>
        </>
      }
    >
      <ReceiveItemsForm id={FORM_ID} order={order} receive={receive} />
    </CaptainSheet>
  );
}
