import { useMutation } from '@tanstack/react-query';
import type { AuditReport } from '@medchest/domain';
import { apiJson } from '../../lib/api';

/**
 * POST /api/reports/audit with an empty body (spec 000 §7). Generating a report changes no list
 * the app shows, so nothing is refreshed; the answer is the report itself.
 */
export function useGenerateAuditReport() {
  return useMutation({
    mutationFn: () => apiJson<AuditReport>('POST', '/api/reports/audit'),
  });
}
