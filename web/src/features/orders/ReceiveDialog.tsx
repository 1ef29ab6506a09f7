import type { OrderWithItems } from '@medchest/domain';
import type { ReceiveOrderRequest } from '@medchest/domain/order/receiveSchema';
import { ReceiveItemsForm, useReceiveForm } from '../../components/orders/ReceiveItemsForm';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { LoadingState } from '../../components/ui/StateMessage';

const FORM_ID = 'receive-order-form';

/**
 * Receiving an order on board (fleet side): the shared receive form (components/orders) in the
 * fleet's dialog. What arrived goes into the vessel's chest; anything not received keeps the order
 * open. `onReceive` sends the receipt and throws when it was refused (the form shows why).
 */
export function ReceiveDialog({
  order,
  open,
  onCancel,
  onReceive,
}: {
  order: OrderWithItems | undefined;
  open: boolean;
  onCancel: () => void;
  onReceive: (receipt: ReceiveOrderRequest) => Promise<unknown>;
}) {
  const receive = useReceiveForm(order, onReceive);
  const pending = receive.submitting;
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      busy={pending}
      size="lg"
      title={order ? `Receive Order ${order.orderNumber}` : 'Receive Order'}
      description="What arrived on board goes into the vessel's medical chest. Items not received stay open on the order."
      testId="receive-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} disabled={pending || !order || !receive.anything}>
            {pending ? 'Receiving...' : 'Mark as Delivered'}
          </Button>
        </>
      }
    >
      {!order ? <LoadingState>Loading order...</LoadingState> : <ReceiveItemsForm id={FORM_ID} order={order} receive={receive} />}
    </Dialog>
  );
}
