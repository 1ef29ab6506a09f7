import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  IMPORT_TOAST_TITLES,
  IMPORT_UNKNOWN_ERROR,
  INVENTORY_CSV_HEADERS,
  importResultMessage,
  parseInventoryCsv,
  type BulkImportResult,
} from '@medchest/domain';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast-store';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ImportResultCard } from './ImportResultCard';
import { messageToast } from './inventoryView';
import { useBulkImport } from './useInventory';

const TITLES = IMPORT_TOAST_TITLES.csv;

/**
 * While the request is under way the bar creeps towards 90% (fetch reports no upload progress),
 * then fills when the answer arrives.
 */
function useUploadProgress(active: boolean): number {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (!active) return;
    setProgress(10);
    const timer = setInterval(() => setProgress((p) => Math.min(90, p + Math.max(1, Math.round((90 - p) / 6)))), 200);
    return () => clearInterval(timer);
  }, [active]);
  return active ? progress : 0;
}

/**
 * CSV Upload (spec 000 §2, §5): one .csv file, read in the browser by the domain's
 * parseInventoryCsv, then sent to bulk-import; the server checks every row again.
 */
export function CsvUploadTab({ vesselId }: { vesselId: string }) {
  const upload = useBulkImport(vesselId);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<BulkImportResult | null>(null);
  const [reading, setReading] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = reading || upload.isPending;
  const progress = useUploadProgress(upload.isPending);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || busy) return;
    setReading(true);
    let text: string;
    try {
      text = await file.text();
    } catch {
      toast({ title: TITLES.failed, description: 'The file could not be read', variant: 'destructive' });
      return;
    } finally {
      setReading(false);
    }
    const parsed = parseInventoryCsv(file.name, text);
    if (!parsed.ok) {
      toast({ ...messageToast(parsed.error, TITLES.failed), variant: 'destructive' });
      return;
    }
    setResult(null);
    upload.mutate(
      { fileName: file.name, items: parsed.items },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setFile(null);
          if (inputRef.current) inputRef.current.value = '';
          notifySuccess(importResultMessage(answer), TITLES.done);
        },
        onError: (error) => notifyError(error, IMPORT_UNKNOWN_ERROR, TITLES.failed),
      },
    );
  };

  return (
    <div className="card inventory-panel">
      <form className="csv-upload" onSubmit={submit} data-testid="csv-upload-form">
        <div className="field">
          <label className="field__label" htmlFor="inventory-csv-file">
            CSV file
          </label>
          <input
            ref={inputRef}
            id="inventory-csv-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            disabled={busy}
            data-testid="csv-file-input"
            aria-describedby="inventory-csv-file-hint"
          />
          <p className="field__hint" id="inventory-csv-file-hint">
            Columns (any case): <code>scaleId</code> and <code>quantityOnBoard</code> required;{' '}
{INVENTORY_CSV_HEADERS.slice(2).join(', ')} optional. Dates as YYYY-MM-DD.
          </p>
        </div>
        <div className="form-actions form-actions--start">
          <Button type="submit" disabled={!file || busy}>
            {upload.isPending ? 'Uploading...' : 'Upload CSV'}
          </Button>
        </div>
        {upload.isPending && (
          <div
            className="progress"
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            data-testid="upload-progress"
          >
            <div className="progress__bar" style={{ width: `${progress}%` }} />
          </div>
        )}
      </form>
      {result && <ImportResultCard title={TITLES.done} result={result} testId="csv-result" />}
    </div>
  );
}
