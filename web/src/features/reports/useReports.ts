import type { GeneratedReport, ReportListItem, ReportRequest } from '@medchest/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';

export const reportKeys = { all: ['/api/reports'] as const };

/** Recent Reports: the reports the caller may see, newest first. */
export function useRecentReports() {
  return useQuery<ReportListItem[]>({ queryKey: reportKeys.all });
}

/** POST /api/reports/generate; the new report heads Recent Reports and the activity feed. */
export function useGenerateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ReportRequest) => apiJson<GeneratedReport>('POST', '/api/reports/generate', request),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: reportKeys.all }), queryClient.invalidateQueries({ queryKey: queryKeys.activities })]);
    },
  });
}

/** Where a report downloads from, as CSV or as PDF for printing. */
export const reportDownloadUrl = (id: string, format: 'csv' | 'pdf') => `/api/reports/${id}/download?format=${format}`;
