import type { RecentUsageEntry } from '@medchest/domain';
import { ApiError, apiJson } from '../../lib/api';

/**
 * The captain portal's calls (spec 001 §7) and the answer shapes it reads. The portal is its own
 * small bundle: plain fetch through lib/api, no query library.
 */
export interface CaptainUser {
  id: string;
  role: string;
  status: string;
  vesselId: string | null;
  firstName?: string | null;
  email: string;
}

export interface CaptainVessel {
  id: string;
  vesselName: string;
  imoNumber: string;
  flagState: string;
  crewSizeCategory: number;
  contactName: string | null;
  fleet: string | null;
}

export interface CaptainStats {
  totalItems: number;
  expiringSoon: number;
  lowStock: number;
  crewSize: number;
}

export interface OrderItem {
  id: string;
  scaleId: string;
  scaleDescription: string;
  orderQuantity: number;
}

export interface UpcomingOrder {
  id: string;
  orderNumber: string | null;
  status: string;
  supplierName: string | null;
  totalItems: number;
  createdAt: string;
  sentAt: string | null;
  notes: string | null;
  orderItems: OrderItem[];
}

export interface CaptainCertificate {
  vesselId: string;
  vesselName: string;
  certificatePath: string | null;
  certificateExpiry: string | null;
  certificateIssuer: string | null;
  hasValidCertificate: boolean;
  status: 'none' | 'expired' | 'expiring_soon' | 'valid';
}

export interface Batch {
  id: string;
  scaleId: string;
  productName: string | null;
  quantityOnBoard: number;
  batchNumber: number;
  expiryDate: string | null;
  conditionNotes: string | null;
  /** The batch's stock version (sent back with a count, so a change made meanwhile is a 409). */
  version?: number;
}

export interface RequirementRow {
  scaleId: string;
  scaleDescription: string;
  section: string;
  requirement: string;
  actualQuantity: number;
  complianceStatus: string;
}

export const captainApi = {
  user: () => apiJson<CaptainUser | null>('GET', '/api/auth/user'),
  requestCode: (email: string) => apiJson<{ message: string }>('POST', '/api/captain/login', { email }),
  signIn: (email: string, code: string) => apiJson<{ vesselName: string }>('POST', '/api/captain/login', { email, code }),
  logout: () => apiJson<unknown>('POST', '/api/auth/logout'),
  vessel: () => apiJson<CaptainVessel>('GET', '/api/captain/vessel'),
  stats: () => apiJson<CaptainStats>('GET', '/api/captain/inventory/stats'),
  recentUsage: () => apiJson<RecentUsageEntry[]>('GET', '/api/captain/usage/recent'),
  upcomingOrders: () => apiJson<UpcomingOrder[]>('GET', '/api/captain/orders/upcoming'),
  certificate: () => apiJson<CaptainCertificate>('GET', '/api/captain/certificate'),
  batches: (vesselId: string) => apiJson<Batch[]>('GET', `/api/vessels/${vesselId}/inventory`),
  requirements: (vesselId: string) => apiJson<RequirementRow[]>('GET', `/api/vessels/${vesselId}/volume-requirements`),
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
