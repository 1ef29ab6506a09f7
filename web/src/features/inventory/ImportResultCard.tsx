import { importResultMessage, type BulkImportResult } from '@medchest/domain';
import { CheckIcon } from '../../components/ui/icons';

/** The answer of a bulk import: processed count, and the refused rows behind 'View Error Details'. */
export function ImportResultCard({ title, result, testId }: { title: string; result: BulkImportResult; testId: string }) {
  return (
    <div className="import-result" data-testid={testId} role="status">
      <div className="import-result__head">
        <CheckIcon size={18} />
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
