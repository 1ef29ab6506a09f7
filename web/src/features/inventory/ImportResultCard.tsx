import { importResultMessage, type BulkImportResult } from '@medchest/domain';
import { AlertIcon, CheckIcon } from '../../components/ui/icons';

/** How an import went: every row in, some refused, or nothing imported. */
export type ImportOutcome = 'success' | 'warning' | 'danger';

export function importOutcome(result: Pick<BulkImportResult, 'successCount' | 'errorCount'>): ImportOutcome {
  if (result.errorCount === 0) return 'success';
  return result.successCount > 0 ? 'warning' : 'danger';
}

/**
 * The answer of a bulk import: processed count, and every refused or skipped row (with its line
 * for a CSV) behind 'View Error Details'. Green only when every row went in.
 */
export function ImportResultCard({ title, result, testId }: { title: string; result: BulkImportResult; testId: string }) {
  const outcome = importOutcome(result);
  return (
    <div className={`import-result import-result--${outcome}`} data-testid={testId} data-outcome={outcome} role="status">
      <div className="import-result__head">
        {outcome === 'success' ? <CheckIcon size={18} /> : <AlertIcon size={18} />}
        <div>
          <p className="import-result__title">{title}</p>
          <p className="import-result__message" data-testid={`${testId}-message`}>
            {importResultMessage(result)}
          </p>
        </div>
      </div>
      {result.errors.length > 0 && (
        <details className="import-result__errors">
          <summary>View Error Details</summary>
          <ul data-testid={`${testId}-errors`}>
            {result.errors.map((error, i) => (
              <li key={i}>{error}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
