import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { apiJson, apiRequest } from '../../lib/api';
import { downloadBlob } from '../../lib/download';

/** One timeline entry (GET /api/vessels/{id}/history). */
export interface HistoryEntry {
  eventId: string;
  type: string;
  summary: string;
  changes: { field: string; before: string | number | boolean | null; after: string | number | boolean | null }[];
  occurredAt: string;
  user: { firstName: string | null; lastName: string | null; deleted?: boolean } | null;
  streamId: string;
  revision: string;
}

/** GET /api/vessels/{id}/history/verify. */
export interface HistoryVerification {
  verified: boolean;
  events: number;
  streams: number;
  since: string | null;
  firstBroken: null | { streamId: string; revision: string; eventId: string | null; type: string | null; occurredAt: string | null; reason: string };
}

export interface HistoryFilters {
  type: string;
  from: string;
  to: string;
}

export function useVesselHistory(vesselId: string, filters: HistoryFilters) {
  return useInfiniteQuery<{ entries: HistoryEntry[]; total: number; nextCursor?: string }>({
    queryKey: ['/api/vessels', vesselId, 'history', filters],
    initialPageParam: undefined,
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ limit: '100' });
      if (filters.type) params.set('type', filters.type);
      if (filters.from) params.set('from', filters.from);
      if (filters.to) params.set('to', filters.to);
      if (pageParam) params.set('before', String(pageParam));
      const res = await apiRequest('GET', `/api/vessels/${vesselId}/history?${params.toString()}`);
      return {
        entries: (await res.json()) as HistoryEntry[],
        total: Number(res.headers.get('x-total-count') ?? 0),
        nextCursor: res.headers.get('x-next-cursor') ?? undefined,
      };
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useVesselHistoryTypes(vesselId: string) {
  return useQuery<string[]>({ queryKey: ['/api/vessels', vesselId, 'history', 'types'] });
}

/** Verify history: asked on demand, never cached (it checks the log as it is now). */
export function useVerifyHistory(vesselId: string) {
  return useMutation({ mutationFn: () => apiJson<HistoryVerification>('GET', `/api/vessels/${vesselId}/history/verify`) });
}

/** The file name the server gave (content-disposition), or a plain one. */
function fileNameOf(res: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Download PSC pack: the port state control pack of one day, fetched (so a refused day shows the
 * server's message on the page) and then offered as the PDF file.
 */
export function useDownloadPscPack(vesselId: string) {
  return useMutation({
    mutationFn: async (date: string) => {
      const res = await apiRequest('GET', `/api/vessels/${vesselId}/psc-pack?date=${encodeURIComponent(date)}`);
      downloadBlob(fileNameOf(res, `PSC-pack-${date}.pdf`), await res.blob());
    },
  });
}
