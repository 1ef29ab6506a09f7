import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiJson } from '../../lib/api';
import { refreshKeys } from '../../lib/queryClient';
import { inventoryChangeKeys, queryKeys } from '../../lib/queryKeys';
import type { Order, OrderPreview, OrderWithItems, ReceivedItemInput } from '@medchest/domain';

export const orderKeys = {
  all: ['/api/orders'] as const,
  one: (id: string) => ['/api/orders', id] as const,
};

/** What any order change refreshes: the order list (and, by prefix, every open order) and the activity feed. */
const ORDER_CHANGE_KEYS: readonly QueryKey[] = [orderKeys.all, queryKeys.activities];

export function useOrders() {
  return useQuery<Order[]>({ queryKey: orderKeys.all });
}

export function useOrder(id: string | null) {
  return useQuery<OrderWithItems>({ queryKey: orderKeys.one(id ?? ''), enabled: id !== null });
}

export function usePreviewOrder() {
  return useMutation({
    mutationFn: ({ vesselId, expiryThreshold }: { vesselId: string; expiryThreshold: string }) =>
      apiJson<OrderPreview>('POST', `/api/vessels/${vesselId}/generate-order`, { expiryThreshold }),
  });
}

export interface CreateOrderInput {
  vesselId: string;
  orderData: { expiryThreshold: string; status: 'draft'; notes?: string };
  orderItems: { scaleId: string; requiredQuantity: number; currentInventory: number; orderQuantity: number; unitCost?: number }[];
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOrderInput) => apiJson<OrderWithItems>('POST', '/api/orders', input),
    onSuccess: () => refreshKeys(queryClient, ORDER_CHANGE_KEYS),
  });
}

export interface StatusChange {
  orderId: string;
  status: string;
  receivedItems?: ReceivedItemInput[];
}

export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, ...body }: StatusChange) => apiJson<OrderWithItems>('PATCH', `/api/orders/${orderId}/status`, body),
    onSuccess: (order, change) =>
      // A delivery changes the vessel's chest too.
      refreshKeys(queryClient, change.receivedItems ? [...ORDER_CHANGE_KEYS, ...inventoryChangeKeys(order.vesselId)] : ORDER_CHANGE_KEYS),
  });
}

export function useAssignVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, supplierName, supplierEmail }: { orderId: string; supplierName: string; supplierEmail: string }) =>
      apiJson<OrderWithItems>('PATCH', `/api/orders/${orderId}/assign-vendor`, { supplierName, supplierEmail, status: 'ordered' }),
    onSuccess: () => refreshKeys(queryClient, ORDER_CHANGE_KEYS),
  });
}
