import { useEffect, useMemo, useRef } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { itemsToReceive, plainDecimal, RECEIVE_TEXTS, receiveOrderSchema, stillToCome, type OrderItemRow, type ReceiveOrderRequest } from '@medchest/domain';
import { serverFieldErrors, serverMessage } from '../../lib/api';
import { schemaResolver } from '../../lib/forms';
import './receive.css';

/**
 * Receiving an order's goods on board, the form both sides use (the fleet's Receive dialog on
 * /orders, the captain portal's from the dashboard): one line per item still to come, prefilled
 * with what is still to come; a batch number (blank: the item's next number) and an expiry date.
 * Checked with the domain's receive schema here and on the server; the server's refusals show on
 * their lines (its field names are the form's: receivedItems.{n}.{field}) and above the table.
 * Imports the domain's index, as the fleet's pages do: the captain portal's on-demand chunk then
 * shares the fleet's domain chunks rather than splitting them (measured: split, every fleet page
 * loaded more before its first paint).
 */

export interface ReceiveFormValues {
  receivedItems: { orderItemId: string; quantityReceived: string; batchNumber: string; expiryDate: string }[];
}

/** The order the form receives: its items with what has arrived so far. */
export interface ReceivableOrder {
  orderItems: OrderItemRow[];
}

export function receiveFormValues(order: ReceivableOrder | undefined): ReceiveFormValues {
  return {
    receivedItems: itemsToReceive(order?.orderItems ?? []).map((item) => ({
      orderItemId: item.id,
      quantityReceived: String(stillToCome(item)),
      batchNumber: '',
      expiryDate: '',
    })),
  };
}

/** What to say when a receipt could not be sent: the server's message, or why it never got there. */
function failureOf(error: unknown): string {
  const message = serverMessage(error);
  if (message) return message;
  return error instanceof TypeError || (typeof navigator !== 'undefined' && !navigator.onLine) ? RECEIVE_TEXTS.offline : RECEIVE_TEXTS.failed;
}

/**
 * The receive form's state: react-hook-form with the domain's schema. `send` gets the parsed
 * receipt (every line, lines of 0 included, so the server's line numbers are the form's) and
 * throws on failure; the failure's messages are put on the form.
 */
export function useReceiveForm(order: ReceivableOrder | undefined, send: (receipt: ReceiveOrderRequest) => Promise<unknown>) {
  const form = useForm<ReceiveFormValues, unknown, ReceiveOrderRequest>({
    resolver: schemaResolver<ReceiveFormValues, typeof receiveOrderSchema>(receiveOrderSchema),
    defaultValues: receiveFormValues(order),
  });
  useEffect(() => form.reset(receiveFormValues(order)), [order, form]);
  const lines = useWatch({ control: form.control, name: 'receivedItems' });
  const anything = (lines ?? []).some((line) => (plainDecimal(line.quantityReceived ?? '') ?? 0) > 0);

  const submit = form.handleSubmit(async (receipt) => {
    try {
      await send(receipt);
    } catch (error) {
      let first = true;
      for (const [field, message] of Object.entries(serverFieldErrors(error))) {
        if (!/^receivedItems\.\d+\.(quantityReceived|batchNumber|expiryDate)$/.test(field)) continue;
        form.setError(field as FieldPath<ReceiveFormValues>, { type: 'server', message }, { shouldFocus: first });
        first = false;
      }
      form.setError('root.server', { type: 'server', message: failureOf(error) });
    }
  });

  const { errors, isSubmitting } = form.formState;
  // A message about the receipt as a whole (nothing received, the order moved on, offline).
  const arrayError = errors.receivedItems as { message?: string; root?: { message?: string } } | undefined;
  const problem = errors.root?.server?.message ?? arrayError?.root?.message ?? arrayError?.message;
  return { form, submit, anything, submitting: isSubmitting, problem };
}

export type ReceiveForm = ReturnType<typeof useReceiveForm>;

/**
 * The lines of the receive form, inside a <form> with the given id (the dialog's footer button
 * submits it). A table on a wide screen, one card per item on a phone (`table--cards`).
 */
export function ReceiveItemsForm({ id, order, receive }: { id: string; order: ReceivableOrder; receive: ReceiveForm }) {
  const { form, submit, problem } = receive;
  const { errors } = form.formState;
  const items = useMemo(() => new Map(order.orderItems.map((item) => [item.id, item])), [order]);
  const lines = form.getValues('receivedItems') ?? [];
  // A refusal of the whole receipt is said above the lines: brought into view however far down the captain scrolled.
  const problemRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (problem) problemRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [problem]);

  return (
    <form id={id} className="receive-form" noValidate onSubmit={(event) => void submit(event)}>
      {problem && (
        <p ref={problemRef} className="receive-form__problem" role="alert" data-testid="receive-problem">
          {problem}
        </p>
      )}
      <table className="table table--cards receive-table" data-testid="receive-table">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Qty Received</th>
            <th scope="col">Batch #</th>
            <th scope="col">Expiry Date</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const item = items.get(line.orderItemId);
            if (!item) return null;
            const lineErrors = errors.receivedItems?.[index];
            const field = (name: 'quantityReceived' | 'batchNumber' | 'expiryDate') => {
              const inputId = `${id}-${index}-${name}`;
              const message = lineErrors?.[name]?.message;
              return {
                inputId,
                message,
                props: {
                  id: inputId,
                  className: 'input',
                  'aria-invalid': message ? true : undefined,
                  'aria-describedby': message ? `${inputId}-error` : undefined,
                  ...form.register(`receivedItems.${index}.${name}`),
                },
              };
            };
            const quantity = field('quantityReceived');
            const batch = field('batchNumber');
            const expiry = field('expiryDate');
            return (
              <tr key={line.orderItemId} data-testid="receive-row">
                <td className="card-title">
                  <span className="mono">{item.scaleId}</span>
                  <div className="cell-sub">{item.scaleDescription}</div>
                  <div className="cell-sub">
                    {item.receivedQuantity > 0 ? `${item.receivedQuantity} of ${item.orderQuantity} received so far` : `${item.orderQuantity} ordered`}
                  </div>
                </td>
                <td data-label="Qty received">
                  <div className="receive-cell">
                    <input type="number" min={0} step={1} inputMode="numeric" aria-label={`Quantity received of ${item.scaleId}`} {...quantity.props} />
                    <LineError id={quantity.inputId} message={quantity.message} />
                  </div>
                </td>
                <td data-label="Batch #">
                  <div className="receive-cell">
                    <input type="number" min={1} step={1} inputMode="numeric" placeholder="Next" aria-label={`Batch number of ${item.scaleId}`} {...batch.props} />
                    <LineError id={batch.inputId} message={batch.message} />
                  </div>
                </td>
                <td data-label="Expiry date">
                  <div className="receive-cell">
                    <input type="date" aria-label={`Expiry date of ${item.scaleId}`} {...expiry.props} />
                    <LineError id={expiry.inputId} message={expiry.message} />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </form>
  );
}

function LineError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p className="field__error" id={`${id}-error`}>
      {message}
    </p>
  );
}
