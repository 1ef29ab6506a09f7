import type { CaptainCertificate, CaptainStats, RecentUsageEntry } from '@medchest/domain/captain/portal';
import type { VolumeRequirementRow } from '@medchest/domain/compliance/requirementRow';
import type { BatchAnswer } from '@medchest/domain/contracts/inventory';
import type { OrderWithItems, UpcomingOrder } from '@medchest/domain/contracts/orders';
import type { Vessel } from '@medchest/domain/contracts/vessels';
import type { ReceiveOrderRequest } from '@medchest/domain/order/receiveSchema';
import { ApiError, apiJson } from '../../lib/api';

/**
 * The captain portal's calls (spec 001 §7). The portal is its own small bundle: plain fetch
 * through lib/api, no query library. The answers' types are the domain's contracts (imported as
 * types: nothing of them reaches the bundle).
 */
export interface CaptainUser {
  id: string;
  role: string;
  status: string;
  vesselId: string | null;
  firstName?: string | null;
  email: string;
}

export const captainApi = {
  user: () => apiJson<CaptainUser | null>('GET', '/api/auth/user'),
  requestCode: (email: string) => apiJson<{ message: string }>('POST', '/api/captain/login', { email }),
  signIn: (email: string, code: string) => apiJson<{ vesselName: string }>('POST', '/api/captain/login', { email, code }),
  logout: () => apiJson<unknown>('POST', '/api/auth/logout'),
  vessel: () => apiJson<Vessel>('GET', '/api/captain/vessel'),
  stats: () => apiJson<CaptainStats>('GET', '/api/captain/inventory/stats'),
  recentUsage: () => apiJson<RecentUsageEntry[]>('GET', '/api/captain/usage/recent'),
  upcomingOrders: () => apiJson<UpcomingOrder[]>('GET', '/api/captain/orders/upcoming'),
  certificate: () => apiJson<CaptainCertificate>('GET', '/api/captain/certificate'),
  /** Goods of an upcoming order taken on board: the order as the receipt leaves it. */
  receiveOrder: (orderId: string, receipt: ReceiveOrderRequest) => apiJson<OrderWithItems>('POST', `/api/captain/orders/${orderId}/receive`, receipt),
  batches: (vesselId: string) => apiJson<BatchAnswer[]>('GET', `/api/vessels/${vesselId}/inventory`),
  requirements: (vesselId: string) => apiJson<VolumeRequirementRow[]>('GET', `/api/vessels/${vesselId}/volume-requirements`),
  addBatch: (vesselId: string, row: { scaleId: string; batchNumber: number; expiryDate: string; quantityOnBoard: number; conditionNotes?: string }) =>
    apiJson<{ successCount: number; errorCount: number; errors: string[] }>('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, {
      fileName: 'Captain portal',
      items: [row],
    }),
};

/** The server's message of a failed call (its JSON body's `message`), or the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    try {
      const body = JSON.parse(error.bodyText) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) return body.message;
    } catch {
      // not JSON: the fallback says it better
    }
  }
  return fallback;
}

/** A failure of the connection itself (offline, server unreachable), not an answer of the server. */
export const isNetworkError = (error: unknown): boolean => error instanceof TypeError || (typeof navigator !== 'undefined' && !navigator.onLine);
